import { defineOperation } from "../../../kernel/registry/define.ts";
import { executeSigned } from "../domain/execute.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { ExecuteRequest, ExecuteResponse } from "../schemas.ts";

export const execute = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/execute",
  summary: "Send a signed action to the venue",
  description:
    'Relays `{action, nonce, signature}` from any prepare operation to the venue and returns its answer: `status: "ok"` with the venue\'s response (per-order statuses for orders), or `status: "error"` with `response.error` holding the venue\'s reason (wrong signer, reused or stale nonce, insufficient margin…). Also relays a user-signed `approveAgent` the client builds itself, authorising a local agent key that then signs L1 actions (orders, cancels, leverage) without a wallet prompt. Registers nothing.',
  body: ExecuteRequest,
  response: ExecuteResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  destructive: true,
  cli: { short: { action: "a", nonce: "n", signature: "s", vault_address: "v" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return executeSigned(ctx, body);
  },
});
