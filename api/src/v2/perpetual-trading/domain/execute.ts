import { parseSignature } from "viem";
import type { z } from "zod";
import type { ExecuteRequest } from "../schemas.ts";
import type { PerpetualTradingContext } from "./ports.ts";

/**
 * POST /v2/perpetual_trading/execute: the signed action sent to the venue's exchange endpoint, its answer passed on
 * (a refusal as `status: "error"`).
 */
export async function executeSigned(ctx: PerpetualTradingContext, body: z.output<typeof ExecuteRequest>) {
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
}
