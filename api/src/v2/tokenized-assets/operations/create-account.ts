import { z } from "zod";
import { Chain } from "../../../kernel/schemas/common.ts";
import {
  createAccountFields,
  createAccountOperation,
  createAccountResponse,
} from "../../../product-accounts/index.ts";

export const createAccount = createAccountOperation({
  product: "tokenized_assets",
  path: "/v2/tokenized_assets/create_account",
  description:
    "The owner's Tokenized Assets Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: z
    .object({ ...createAccountFields, chain: Chain.default("ethereum") })
    .meta({ id: "TokenizedAssetsCreateAccountRequest" }),
  response: createAccountResponse("TokenizedAssetsCreateAccountResponse", "tokenized_assets"),
});
