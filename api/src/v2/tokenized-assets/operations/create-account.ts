import { createAccountOperation } from "../../../product-accounts/index.ts";
import { CreateAccountRequest, CreateAccountResponse } from "../schemas.ts";

export const createAccount = createAccountOperation({
  product: "tokenized_assets",
  path: "/v2/tokenized_assets/create_account",
  description:
    "The owner's Tokenized Assets Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: CreateAccountRequest,
  response: CreateAccountResponse,
});
