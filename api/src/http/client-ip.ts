import type { Config } from "../kernel/config/env.ts";
import type { HttpCall } from "./call.ts";

/** The peer's address; X-Forwarded-For only when configured to trust a proxy in front. */
export function clientIp(call: HttpCall, config: Config): string {
  if (config.trustProxy || call.remoteAddress === undefined) {
    const forwarded = call.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return call.remoteAddress ?? "unknown";
}
