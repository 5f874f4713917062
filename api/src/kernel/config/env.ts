import { createHash } from "node:crypto";
import { join } from "node:path";
import { type AddressBook, CHAIN_INFO } from "@compass/constants";
import { CHAINS, type ChainName } from "../schemas/common.ts";
import { findDevnetDir, readAddressBook } from "./addressbook.ts";

export type Environment = "production" | "staging";

export interface ApiKeyEntry {
  /** sha256 of the key, hex; keys are never held in plain text */
  hash: Buffer;
  kind: "secret" | "publishable";
  /** publishable keys: browser origins allowed to use the key */
  origins?: string[];
}

export interface Config {
  env: Environment;
  /** production always checks keys: with none configured, every request is refused */
  requireKeys: boolean;
  apiKeys: ApiKeyEntry[];
  /** COMPASS_DEVNET_DIR or the repo's .devnet */
  devnetDir: string;
  addressBookPath: string;
  rpcOverrides: Partial<Record<ChainName, string>>;
  upstreamOverrides: Record<string, { url?: string; apiKey?: string }>;
  bodyLimitBytes: number;
  logLevel: string;
  validateResponses: boolean;
  /** public origin of the web app (checkout links), e.g. http://127.0.0.1:3000 */
  publicUrl: string;
  /** eth_getLogs limits: widest range per call, blocks until a page is final, most pages per read */
  logs: { maxRange: number; finality: number; maxPages: number };
  /**
   * the event index (`indexer/`): history reads come from it when it is on and has a URL (COMPASS_INDEX_URL, or the
   * devnet's address book `index.url`); `COMPASS_INDEX=off`, or no index, keeps the log reader's pages
   */
  index: { enabled: boolean; url?: string; maxLagBlocks: number; waitMs: number };
  /** publishable key the app's own pages use (COMPASS_APP_PUBLISHABLE_KEY); allowed from `publicUrl`'s origin */
  appPublishableKey?: string;
  upstreamTimeoutMs: number;
  /** the perpetuals venue's chain name in signed actions (COMPASS_VENUE_NETWORK; default: address book, then Mainnet) */
  venueNetwork?: "Mainnet" | "Testnet";
  /** requests per window per caller (key, or IP when anonymous); null = unlimited */
  rateLimit: { limit: number; windowMs: number } | null;
  /** shared state for several instances (rate limits, idempotency keys); memory when unset */
  redisUrl?: string;
  /** take the client IP from X-Forwarded-For (behind a trusted proxy only) */
  trustProxy: boolean;
  /**
   * answer each write's `simulation` (COMPASS_SIMULATION=off leaves it out: for a node without eth_simulateV1, and
   * as the bench's baseline)
   */
  simulation: boolean;
}

/** `600/60s`, `100/1s`, `5000/1m`, or `off`. */
export function parseRateLimit(raw: string | undefined): Config["rateLimit"] {
  if (!raw || raw === "off") return raw === "off" ? null : { limit: 1200, windowMs: 60_000 };
  const m = /^(\d+)\/(\d+)(ms|s|m|h)$/.exec(raw.trim());
  if (!m) throw new Error(`COMPASS_RATE_LIMIT must look like 600/60s or "off" (got ${JSON.stringify(raw)})`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[3] as "ms" | "s" | "m" | "h"];
  return { limit: Number(m[1]), windowMs: Number(m[2]) * unit };
}

export function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/**
 * Keys come from COMPASS_API_KEYS (comma separated). An entry is either a key or `sha256:<hex>` of one,
 * so a deployment's configuration need not hold keys in plain text.
 */
export function parseKeys(raw: string | undefined, kind: ApiKeyEntry["kind"]): ApiKeyEntry[] {
  if (!raw) return [];
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [keyPart, originsPart] = entry.split("@");
      const hash = keyPart!.startsWith("sha256:") ? Buffer.from(keyPart!.slice(7), "hex") : sha256(keyPart!);
      const origins = originsPart ? originsPart.split("|").filter(Boolean) : undefined;
      return { hash, kind, origins };
    });
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const mode = (env.COMPASS_ENV ?? "staging").toLowerCase();
  if (mode !== "production" && mode !== "staging") {
    throw new Error(`COMPASS_ENV must be "production" or "staging", got ${JSON.stringify(env.COMPASS_ENV)}`);
  }
  const publicUrl = (env.COMPASS_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/$/, "");
  const apiKeys = [
    ...parseKeys(env.COMPASS_API_KEYS, "secret"),
    ...parseKeys(env.COMPASS_PUBLISHABLE_KEYS, "publishable"),
  ];
  // The app's own pages (checkout, trading) call the API from its public origin with this key.
  const appPublishableKey =
    env.COMPASS_APP_PUBLISHABLE_KEY || env.COMPASS_CHECKOUT_PUBLISHABLE_KEY || undefined;
  if (appPublishableKey) {
    const hash = sha256(appPublishableKey);
    if (!apiKeys.some((k) => k.hash.equals(hash)))
      apiKeys.push({ hash, kind: "publishable", origins: [new URL(publicUrl).origin] });
  }
  const devnetDir = env.COMPASS_DEVNET_DIR ?? findDevnetDir();
  const rpcOverrides: Config["rpcOverrides"] = {};
  for (const chain of CHAINS) {
    const url = env[`COMPASS_RPC_URL_${chain.toUpperCase()}`];
    if (url) rpcOverrides[chain] = url;
  }
  const upstreamOverrides: Config["upstreamOverrides"] = {};
  for (const name of ["onramp", "venue", "issuer", "aggregator", "odos", "equity_relay", "iris"]) {
    const url = env[`COMPASS_${name.toUpperCase()}_URL`];
    const apiKey = env[`COMPASS_${name.toUpperCase()}_API_KEY`];
    if (url || apiKey) upstreamOverrides[name] = { url, apiKey };
  }
  return {
    env: mode,
    requireKeys: mode === "production" || apiKeys.length > 0,
    apiKeys,
    devnetDir,
    addressBookPath: env.COMPASS_ADDRESSBOOK ?? join(devnetDir, "addressbook.json"),
    rpcOverrides,
    upstreamOverrides,
    bodyLimitBytes: Number(env.COMPASS_BODY_LIMIT_BYTES ?? 256 * 1024),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "warn" : "info"),
    validateResponses: env.COMPASS_VALIDATE_RESPONSES === "1",
    publicUrl,
    appPublishableKey,
    logs: {
      maxRange: Number(env.COMPASS_LOGS_MAX_RANGE ?? 10_000),
      finality: Number(env.COMPASS_LOGS_FINALITY ?? 64),
      maxPages: Number(env.COMPASS_LOGS_MAX_PAGES ?? 500),
    },
    index: {
      enabled: (env.COMPASS_INDEX ?? "on").toLowerCase() !== "off",
      url: env.COMPASS_INDEX_URL || undefined,
      maxLagBlocks: Number(env.COMPASS_INDEX_MAX_LAG_BLOCKS ?? 64),
      waitMs: Number(env.COMPASS_INDEX_WAIT_MS ?? 3_000),
    },
    upstreamTimeoutMs: Number(env.COMPASS_UPSTREAM_TIMEOUT_MS ?? 10_000),
    venueNetwork: parseVenueNetwork(env.COMPASS_VENUE_NETWORK),
    rateLimit: parseRateLimit(env.COMPASS_RATE_LIMIT),
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.COMPASS_TRUST_PROXY === "1",
    simulation: (env.COMPASS_SIMULATION ?? "on").toLowerCase() !== "off",
  };
}

function parseVenueNetwork(value: string | undefined): Config["venueNetwork"] {
  if (value === undefined || value === "") return undefined;
  if (value !== "Mainnet" && value !== "Testnet")
    throw new Error(`COMPASS_VENUE_NETWORK must be "Mainnet" or "Testnet", got ${JSON.stringify(value)}`);
  return value;
}

/** Chains this environment serves: production never serves staging-only chains. */
export function servesChain(config: Config, chain: ChainName): boolean {
  return config.env === "staging" || !CHAIN_INFO[chain].stagingOnly;
}

export function addressBook(config: Config): AddressBook | undefined {
  return readAddressBook(config.addressBookPath);
}

export function rpcUrl(config: Config, chain: ChainName): string | undefined {
  return config.rpcOverrides[chain] ?? addressBook(config)?.chains[chain]?.rpcUrl;
}

/** The event index's HTTP base, when this deployment reads history from one (see Config.index). */
export function indexUrl(config: Config): string | undefined {
  if (!config.index.enabled) return undefined;
  return config.index.url ?? addressBook(config)?.index?.url;
}

export function upstream(config: Config, name: string): { url?: string; apiKey?: string } {
  const fromBook = addressBook(config)?.twins[name];
  const o = config.upstreamOverrides[name];
  return { url: o?.url ?? fromBook?.url, apiKey: o?.apiKey ?? fromBook?.apiKey };
}
