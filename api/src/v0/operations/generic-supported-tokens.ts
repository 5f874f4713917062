import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Tokens } from "../domain/generic.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0TokenInfo, V0TokensRequest } from "../schemas.ts";

export const genericSupportedTokens = defineOperation({
  name: "genericSupportedTokens",
  method: "POST",
  path: "/v0/generic/supported_tokens/get",
  summary: "List supported tokens",
  description: "The tokens of v0's token list this deployment lists on the chain.",
  body: V0TokensRequest,
  response: V0TokenInfo,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => ({ tokens: v0Tokens(ctx, body.chain).map((t) => t.symbol) }),
});
