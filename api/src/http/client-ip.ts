import type { Context as HonoContext } from "hono";
import type { Config } from "../config/env.ts";

/** The peer's address; X-Forwarded-For only when configured to trust a proxy in front. */
export function clientIp(c: HonoContext, config: Config): string {
  if (config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return (
    incoming?.socket?.remoteAddress ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown"
  );
}
