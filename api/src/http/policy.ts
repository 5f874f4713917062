import type { HeaderReader } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import type { Operation } from "../kernel/registry/define.ts";
import type { Caller } from "./auth.ts";

/**
 * The browser origin a request comes from. Browsers send `Origin` on cross-origin requests and on same-origin
 * writes, but not on same-origin GETs: those are recognised by `Sec-Fetch-Site: same-origin` (set by the
 * browser, which scripts cannot forge) — the page is then on this deployment's own origin — or by the
 * `Referer`'s origin. Anything else (a server, curl) has no origin.
 */
export function requestOrigin(headers: HeaderReader, publicUrl: string): string | null {
  const origin = headers.get("origin");
  if (origin) return origin;
  if (headers.get("sec-fetch-site") === "same-origin") return new URL(publicUrl).origin;
  const referer = headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

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
