import { balancesOperation } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import { CreditAccountQuery, CreditBalancesResponse } from "../schemas.ts";

export const balances = balancesOperation({
  product: "credit",
  path: "/v2/credit/balances",
  description:
    "Every token the owner's Credit Account on `chain` holds or has held (USDC always listed) — what it can supply, repay with or send back, not what is supplied or borrowed (see `positions`) — each with its full transfer history read from chain; USD values from the chain's price oracle where it prices the token (USDC at 1).",
  query: CreditAccountQuery,
  response: CreditBalancesResponse,
  // USDC at 1, every other token at the chain's Aave oracle price (null when it lists none)
  price: oraclePrice,
});
