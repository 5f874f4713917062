import { parseSignature } from "viem";
import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { Address, SafeInt } from "../../../kernel/schemas/common.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { HexSignature } from "../schemas.ts";

export const execute = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/execute",
  summary: "Send a signed action to the venue",
  description:
    'Relays `{action, nonce, signature}` from any prepare operation to the venue and returns its answer: `status: "ok"` with the venue\'s response (per-order statuses for orders), or `status: "error"` with `response.error` holding the venue\'s reason (wrong signer, reused or stale nonce, insufficient margin…). Also relays a user-signed `approveAgent` the client builds itself, authorising a local agent key that then signs L1 actions (orders, cancels, leverage) without a wallet prompt. Registers nothing.',
  body: z
    .object({
      // A record keeps the keys in the order they came: the venue hashes the action as sent.
      action: z
        .record(z.string(), z.unknown())
        .refine(
          (a) => typeof a.type === "string" && a.type !== "",
          "Input should be a venue action with a `type`",
        )
        .describe("the `action` from the prepare operation, unchanged"),
      nonce: SafeInt.min(0).describe("the `nonce` from the prepare operation"),
      signature: HexSignature("owner's EIP-712 signature over typed_data, 65-byte hex"),
      vault_address: Address.nullable().optional().describe("venue vault or sub-account to act for"),
    })
    .meta({ id: "PerpetualTradingExecuteRequest" }),
  response: z
    .object({
      status: z.enum(["ok", "error"]),
      response: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'the venue\'s reply, e.g. {"type":"order","data":{"statuses":[{"resting":{"oid":123}}]}}; on "error", {"error": "<reason>"}',
        ),
    })
    .meta({ id: "PerpetualTradingExecuteResponse" }),
  errors: [{ status: 502, description: "venue unreachable" }],
  destructive: true,
  cli: { short: { action: "a", nonce: "n", signature: "s", vault_address: "v" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    const { r, s, yParity } = parseSignature(body.signature);
    const reply = await ctx.services.venue.exchange(
      {
        action: body.action,
        nonce: body.nonce,
        signature: { r, s, v: 27 + yParity },
        ...(body.vault_address && { vaultAddress: body.vault_address.toLowerCase() }),
      },
      ctx.signal,
    );
    if (reply.status === "ok")
      return { status: "ok" as const, response: (reply.response ?? {}) as Record<string, unknown> };
    return { status: "error" as const, response: { error: String(reply.response) } };
  },
});
