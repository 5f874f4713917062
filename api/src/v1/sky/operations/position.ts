import { defineOperation } from "../../../kernel/registry/define.ts";
import { skyPosition } from "../domain/sky.ts";
import { SkyCheckPositionResponse, SkyPositionQuery } from "../schemas.ts";

export const position = defineOperation({
  method: "GET",
  path: "/v1/sky/position",
  summary: "Check USDS Position",
  description:
    "A wallet's sUSDS: its shares and the USDS they redeem for now, the savings rate accrued to this second.",
  query: SkyPositionQuery,
  response: SkyCheckPositionResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u" } },
  handler: ({ query }, ctx) => skyPosition(ctx, query),
});
