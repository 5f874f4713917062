import { ApiError } from "../errors.ts";
import type { Operation } from "../registry/define.ts";
import type { Caller } from "./auth.ts";

/**
 * Publishable keys ship inside browser widgets: they only work from their own origins, and only for the
 * operations a widget needs (`widget: true` in the registry). Everything else needs a secret key.
 */
export function checkScope(caller: Caller, op: Operation, origin: string | null): void {
  if (caller.kind !== "publishable") return;
  if (!op.widget)
    throw new ApiError(
      403,
      `A publishable key cannot call ${op.operationId}; use a secret key from your server`,
    );
  if (!origin || !caller.origins.includes(origin)) {
    throw new ApiError(403, `This publishable key is not allowed from origin ${origin ?? "(none)"}`);
  }
}
