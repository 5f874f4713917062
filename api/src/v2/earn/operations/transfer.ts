import { transferOperation } from "../../../product-accounts/index.ts";
import { EarnTransferRequest, EarnTransferResponse } from "../schemas.ts";

export const transfer = transferOperation({
  product: "earn",
  path: "/v2/earn/transfer",
  description:
    "DEPOSIT moves `token` (any ERC-20) from the owner's wallet into the Earn Account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it out to the owner or to `recipient` (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: EarnTransferRequest,
  response: EarnTransferResponse,
  cli: { short: { chain: "c", gas_sponsorship: "g", recipient: "r", spender: "s", token: "t" } },
  // earn declares only 422 (spec): an undeployed account or a missing Permit2 approval is one
  refusalStatus: 422,
});
