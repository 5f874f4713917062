import { upstream } from "@compass/api";
import { appConfig } from "./config.ts";
import { publicChains } from "./wallet/public-chains.ts";

const origin = (url?: string) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

let cached:
  | { key: string; value: { connect: string[]; frames: string[]; ancestors: string; production: boolean } }
  | undefined;

/** Origins the pages may reach, from configuration: browser RPCs, the on-ramp provider's payment page. */
function sources() {
  const config = appConfig();
  const key = `${config.env}|${config.addressBookPath}|${process.env.COMPASS_CHECKOUT_FRAME_ANCESTORS ?? ""}`;
  if (cached?.key === key) return cached.value;
  const rpc = publicChains().chains.map((c) => origin(c.rpcUrl));
  const provider = origin(upstream(config, "onramp").url);
  const value = {
    connect: [...new Set(rpc.filter(Boolean) as string[])],
    frames: provider ? [provider] : [],
    // who may embed the hosted checkout in a frame: partners list their origins here
    ancestors: process.env.COMPASS_CHECKOUT_FRAME_ANCESTORS?.trim() || "'self'",
    production: config.env === "production",
  };
  cached = { key, value };
  return value;
}

/** Security headers for a page; `nonce` lets Next's own scripts run under a strict script-src. */
export function securityHeaders(pathname: string, nonce: string): Record<string, string> {
  const s = sources();
  const checkout = pathname.startsWith("/onramp/checkout");
  const csp = [
    "default-src 'self'",
    // every page, the API reference included, runs only nonce'd scripts
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${s.connect.join(" ")}`.trim(),
    `frame-src 'self' ${checkout ? s.frames.join(" ") : ""}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${checkout ? s.ancestors : "'self'"}`,
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
    // the payment step may fall back to a popup; keep the opener relationship for it
    "cross-origin-opener-policy": "same-origin-allow-popups",
    ...(checkout ? {} : { "x-frame-options": "SAMEORIGIN" }),
    ...(s.production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
