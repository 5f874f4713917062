import { balancesOperation } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import { EarnBalancesQuery, EarnBalancesResponse } from "../schemas.ts";

export const balances = balancesOperation({
  product: "earn",
  path: "/v2/earn/balances",
  description:
    "Every token the owner's Earn Account on `chain` holds or has held (USDC always listed), each with its full transfer history read from chain; USD values from the chain's price oracle where it prices the token (USDC at 1).",
  query: EarnBalancesQuery,
  response: EarnBalancesResponse,
  // USDC at 1, every other token at the chain's Aave oracle price (null when it lists none)
  price: oraclePrice,
});
