/**
 * The provider twin's knobs, read once from the environment (defaults suit a person trying the checkout;
 * tests shorten the timers). Amounts are decimal strings in the fiat currency.
 */
export interface OnrampSettings {
  /** a quote may be locked in by `create` for this long */
  quoteTtlSeconds: number;
  /** an unpaid payment expires (is rejected) this long after creation */
  sessionTtlSeconds: number;
  /** payment received → USDC delivered, for ordinary cards */
  processingSeconds: number;
  /** the same for the slow test card */
  slowProcessingSeconds: number;
  minAmount: string;
  maxAmount: string;
  /** purchases above this need a verified identity (402 at create until the wallet is verified) */
  kycThreshold: string;
  /** who may frame the hosted payment page (CSP frame-ancestors) */
  frameAncestors: string;
  /** a payment's first delivery attempt that keeps failing is refunded (rejected) after this long */
  deliveryGiveUpSeconds: number;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): OnrampSettings {
  const num = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${value}`);
    return n;
  };
  return {
    quoteTtlSeconds: num("ONRAMP_QUOTE_TTL_SECONDS", 60),
    sessionTtlSeconds: num("ONRAMP_SESSION_TTL_SECONDS", 30 * 60),
    processingSeconds: num("ONRAMP_PROCESSING_SECONDS", 2),
    slowProcessingSeconds: num("ONRAMP_SLOW_PROCESSING_SECONDS", 20),
    minAmount: env.ONRAMP_MIN_AMOUNT ?? "10",
    maxAmount: env.ONRAMP_MAX_AMOUNT ?? "10000",
    kycThreshold: env.ONRAMP_KYC_THRESHOLD ?? "1000",
    frameAncestors: env.ONRAMP_FRAME_ANCESTORS ?? "'self' http://127.0.0.1:* http://localhost:*",
    deliveryGiveUpSeconds: num("ONRAMP_DELIVERY_GIVE_UP_SECONDS", 3600),
  };
}
