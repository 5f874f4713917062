import { transferOperation } from "../../../product-accounts/index.ts";
import { CreditTransferRequest, CreditTransferResponse } from "../schemas.ts";

export const transfer = transferOperation({
  product: "credit",
  path: "/v2/credit/transfer",
  description:
    "DEPOSIT moves `token` (any ERC-20) from the owner's wallet into the Credit Account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it back to the owner (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: CreditTransferRequest,
  response: CreditTransferResponse,
  cli: { short: { chain: "c", gas_sponsorship: "g", spender: "s", token: "t" } },
  // credit declares only 422 (spec): an undeployed account or a missing Permit2 approval is one
  refusalStatus: 422,
});
