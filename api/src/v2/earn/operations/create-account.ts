import { createAccountOperation } from "../../../product-accounts/index.ts";
import { EarnCreateAccountRequest, EarnCreateAccountResponse } from "../schemas.ts";

export const createAccount = createAccountOperation({
  product: "earn",
  path: "/v2/earn/create_account",
  description:
    "The owner's Earn Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: EarnCreateAccountRequest,
  response: EarnCreateAccountResponse,
});
