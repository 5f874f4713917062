import { ExchangeClient, HttpTransport, InfoClient } from "@nktkas/hyperliquid";
import type { PrivateKeyAccount } from "viem/accounts";
import { privateKeyToAccount } from "viem/accounts";
import {
  MARKETS,
  ManualClock,
  type Market,
  type RunningVenue,
  type StartVenueOptions,
  startVenue,
} from "../../src/twins/hyperliquid/index.ts";

/**
 * Test harness: a venue twin on a manual clock, driven through the maintained Hyperliquid client
 * (@nktkas/hyperliquid) pointed at the twin's URL — the client signs every action, so each test is
 * also a check that the twin verifies real client signatures.
 */
export const T0 = 1_780_000_000_000;

/** anvil's well-known dev keys: throwaway, never funded anywhere real */
export const KEYS = [
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
] as const;

export interface Trader {
  wallet: PrivateKeyAccount;
  address: `0x${string}`;
  exchange: ExchangeClient;
}

export interface Harness {
  venue: RunningVenue;
  clock: ManualClock;
  info: InfoClient;
  trader(key: string, options?: { isTestnet?: boolean }): Trader;
  /** POST /_twin/credit */
  credit(
    user: string,
    usd: string | number,
    txHash?: string,
  ): Promise<{ credited: boolean; balance: string }>;
  /** credit + unified account: ready to trade on xyz */
  fundedTrader(key: string, usd?: number): Promise<Trader>;
  admin(path: string, body?: unknown): Promise<any>;
  /** raw POST /exchange */
  post(body: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

let txCounter = 0;

export async function startHarness(options: StartVenueOptions = {}): Promise<Harness> {
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock(T0);
  const venue = await startVenue({ seed: "test-seed", ...options, clock });
  const transport = new HttpTransport({ apiUrl: venue.url, timeout: 10_000 });
  const info = new InfoClient({ transport });
  const admin = async (path: string, body?: unknown) => {
    const res = await fetch(
      `${venue.url}${path}`,
      body === undefined ? {} : { method: "POST", body: JSON.stringify(body) },
    );
    return res.json();
  };
  const trader = (key: string, opts: { isTestnet?: boolean } = {}): Trader => {
    const wallet = privateKeyToAccount(key as `0x${string}`);
    const t = opts.isTestnet ? new HttpTransport({ apiUrl: venue.url, isTestnet: true }) : transport;
    // Nonces come from the twin's clock, one fresh millisecond per action.
    const exchange = new ExchangeClient({
      wallet,
      transport: t,
      nonceManager: () => clock.tick(),
      signatureChainId: "0x66eee",
    });
    return { wallet, address: wallet.address.toLowerCase() as `0x${string}`, exchange };
  };
  const credit = (user: string, usd: string | number, txHash?: string) =>
    admin("/_twin/credit", {
      user,
      usd,
      txHash: txHash ?? `0x${(++txCounter).toString(16).padStart(64, "0")}${Date.now()}`,
    });
  return {
    venue,
    clock,
    info,
    trader,
    credit,
    admin,
    async fundedTrader(key, usd = 10_000) {
      const t = trader(key);
      await credit(t.address, usd);
      await t.exchange.userSetAbstraction({ user: t.address, abstraction: "unifiedAccount" });
      return t;
    },
    async post(body) {
      const res = await fetch(`${venue.url}/exchange`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed };
    },
    stop: () => venue.stop(),
  };
}

export function market(ticker: string): Market {
  const m = MARKETS.find((x) => x.ticker === ticker);
  if (!m) throw new Error(`no market ${ticker}`);
  return m;
}

/** Asset index of an xyz market ("AAPL" → 110001). */
export const assetOf = (ticker: string): number => market(ticker).asset;

/** Oracle price right now, as a number. */
export function oracle(h: Harness, ticker: string): number {
  return h.venue.engine.core.oraclePx(market(ticker), h.clock.now());
}

/** An immediate-or-cancel limit order on the wire: asset, buy?, price, size, reduce-only. */
export const ioc = (a: number, b: boolean, p: string, s: string, r = false) => ({
  a,
  b,
  p,
  s,
  r,
  t: { limit: { tif: "Ioc" as const } },
});

/** A resting (good-till-cancel) limit order on the wire, with a client order id when given. */
export const gtc = (a: number, b: boolean, p: string, s: string, c?: `0x${string}`) => ({
  a,
  b,
  p,
  s,
  r: false,
  t: { limit: { tif: "Gtc" as const } },
  ...(c ? { c } : {}),
});

/** A price string with 5 significant figures (valid for any market's tick rules when ≥ 1). */
export const px = (value: number): string => Number(value.toPrecision(5)).toString();

/** Decimal strings are what the venue returns; numbers for arithmetic in assertions. */
export const num = (text: string): number => Number(text);
