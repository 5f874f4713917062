import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ProviderError } from "./errors.ts";

/** Stripe accepts the secret key as a Bearer token or as the Basic-auth user name. */
export function requireSecretKey(req: IncomingMessage, key: string | undefined): void {
  if (!key) return;
  const header = req.headers.authorization ?? "";
  let given = "";
  if (/^bearer /i.test(header)) given = header.slice(7).trim();
  else if (/^basic /i.test(header))
    given = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0]!;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  if (a.length === b.length && timingSafeEqual(a, b)) return;
  throw new ProviderError(
    401,
    "authentication_error",
    given
      ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
      : "You did not provide an API key. Provide it as a Bearer token in the Authorization header.",
  );
}
