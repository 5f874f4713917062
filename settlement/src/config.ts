import { ONE_TIME_WALLET_FACTORY, USDC } from "@compass/constants";
import type { Address, Hex } from "viem";

/** Everything the worker needs, from its own environment (production) or the stack launcher (devnet). */
export interface SettlementConfig {
  /** Ethereum JSON-RPC the worker reads and sends through */
  rpcUrl: string;
  /** pays the gas of deployAndForward; holds ETH only, never the buyers' USDC */
  sponsorKey: Hex;
  /** the provider's API (Stripe's Crypto Onramp: https://api.stripe.com) and its secret key */
  providerUrl: string;
  providerApiKey: string;
  pollIntervalMs: number;
  /** where the cursor and the sessions it settled are kept across restarts */
  stateFile: string;
  usdc: Address;
  factory: Address;
  /** widest eth_getLogs block range the RPC allows */
  logsMaxRange: bigint;
  /** sessions created before this (unix seconds) are never looked at: where a fresh worker starts */
  startCreated: number;
}

export function readSettlementConfig(env: NodeJS.ProcessEnv = process.env): SettlementConfig {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required (see README, "Configuration")`);
    return value;
  };
  const num = (name: string, fallback: number) => {
    const n = Number(env[name] ?? fallback);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
    return n;
  };
  const key = need("COMPASS_SETTLEMENT_SPONSOR_KEY");
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error("COMPASS_SETTLEMENT_SPONSOR_KEY must be a 32-byte hex private key");
  return {
    rpcUrl: need("COMPASS_SETTLEMENT_RPC_URL"),
    sponsorKey: key as Hex,
    providerUrl: (env.COMPASS_ONRAMP_URL ?? "https://api.stripe.com").replace(/\/$/, ""),
    providerApiKey: need("COMPASS_ONRAMP_API_KEY"),
    pollIntervalMs: num("COMPASS_SETTLEMENT_POLL_MS", 2_000),
    stateFile: env.COMPASS_SETTLEMENT_STATE_FILE ?? ".settlement/state.json",
    usdc: (env.COMPASS_SETTLEMENT_USDC ?? USDC.ethereum!.address) as Address,
    factory: (env.COMPASS_SETTLEMENT_FACTORY ?? ONE_TIME_WALLET_FACTORY) as Address,
    logsMaxRange: BigInt(num("COMPASS_LOGS_MAX_RANGE", 10_000)),
    startCreated: num("COMPASS_SETTLEMENT_START_CREATED", 0),
  };
}
