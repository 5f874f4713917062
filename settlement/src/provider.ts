/**
 * The provider's sessions, read the way Stripe's Crypto Onramp API offers them: GET /v1/crypto/onramp_sessions
 * (newest first, `created[gte]`, `starting_after`, `limit` ≤ 100), Bearer secret key. Only documented
 * parameters are sent. The sessions are the source of truth for which deposit addresses were handed out: the
 * API keeps nothing, and every payment it creates is a session whose metadata names the recipient and salt.
 */
import type { Hex } from "viem";

export interface ProviderSession {
  id: string;
  created: number;
  status: string;
  /** the deposit address the provider pays (the one-time wallet) */
  wallet: `0x${string}` | undefined;
  /** who the one-time wallet forwards to, and its salt (session metadata set by the API's create) */
  recipient: `0x${string}` | undefined;
  salt: Hex | undefined;
  /** the provider's payment transaction, once `fulfillment_complete` */
  paymentTx: Hex | undefined;
}

/** Statuses after which a session changes no more. */
export const TERMINAL = new Set(["fulfillment_complete", "rejected"]);

export async function* listSessions(
  provider: { url: string; apiKey: string },
  createdGte: number,
  signal?: AbortSignal,
): AsyncGenerator<ProviderSession> {
  let after: string | undefined;
  for (;;) {
    const q = new URLSearchParams({ limit: "100", "created[gte]": String(createdGte) });
    if (after) q.set("starting_after", after);
    const res = await fetch(`${provider.url}/v1/crypto/onramp_sessions?${q}`, {
      headers: { authorization: `Bearer ${provider.apiKey}` },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => undefined)) as any;
    if (res.status !== 200 || !Array.isArray(body?.data))
      throw new Error(`provider list answered HTTP ${res.status}: ${body?.error?.message ?? "no list"}`);
    for (const s of body.data) yield session(s);
    if (!body.has_more || !body.data.length) return;
    after = body.data.at(-1).id;
  }
}

function session(s: any): ProviderSession {
  const t = s.transaction_details ?? {};
  const address = (v: unknown) => (typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? v : undefined);
  return {
    id: s.id,
    created: s.created,
    status: s.status,
    wallet: address(t.wallet_addresses?.ethereum ?? t.wallet_address) as `0x${string}` | undefined,
    recipient: address(s.metadata?.destination_address) as `0x${string}` | undefined,
    salt: /^0x[0-9a-fA-F]{64}$/.test(s.metadata?.one_time_wallet_salt ?? "")
      ? s.metadata.one_time_wallet_salt
      : undefined,
    paymentTx: /^0x[0-9a-fA-F]{64}$/.test(t.transaction_id ?? "") ? t.transaction_id : undefined,
  };
}
