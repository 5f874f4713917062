import { createAccountOperation } from "../../../product-accounts/index.ts";
import { CreditCreateAccountRequest, CreditCreateAccountResponse } from "../schemas.ts";

export const createAccount = createAccountOperation({
  product: "credit",
  path: "/v2/credit/create_account",
  description:
    "The owner's Credit Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment, separate from the Earn Account. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: CreditCreateAccountRequest,
  response: CreditCreateAccountResponse,
});
