import type { PublicClient } from "viem";
import { RequestValidationError, UpstreamError } from "../../../kernel/errors.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";

/** Deposits and withdrawals settle on Arbitrum; a deployment without its RPC cannot serve them (502). */
export function arbitrum(ctx: PerpetualTradingContext): PublicClient {
  try {
    return ctx.services.chains.get("arbitrum");
  } catch (error) {
    if (error instanceof RequestValidationError)
      throw new UpstreamError(
        "chain",
        "Arbitrum RPC is not configured on this deployment",
        "Chain unavailable",
      );
    throw error;
  }
}
