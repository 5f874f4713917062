import { USDC } from "@compass/constants";
import { type Abi, type Address, encodeAbiParameters, type Hex, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { create2Address, saltOf } from "../bootstrap/create2.ts";
import type { DevnetChainName } from "../config.ts";
import { type DevnetContract, loadArtifact } from "../contracts/artifacts.ts";
import { type Deployment, rwaTokenDeployment } from "./deployments.ts";
import { DEVNET_MARKETS, MARKETS_T0, marketSeed } from "./markets.ts";

/** Which issuer's interface sells each venue asset on the devnet: Midas vaults or a Centrifuge ERC-7540 vault. */
export const ISSUER_OF: Record<string, "midas" | "centrifuge"> = {
  mTBILL: "midas",
  mBASIS: "midas",
  mBTC: "midas",
  deSPXA: "centrifuge",
};

/** A Midas mToken's vault settings (amounts in whole mTokens; fees in basis points). */
export const MIDAS_VAULTS: Record<
  string,
  { instantFeeBps: number; dailyLimit: string; minAmount: string; float: string }
> = {
  mTBILL: { instantFeeBps: 5, dailyLimit: "1000000", minAmount: "1", float: "20000000" },
  mBASIS: { instantFeeBps: 10, dailyLimit: "1000000", minAmount: "1", float: "20000000" },
  mBTC: { instantFeeBps: 25, dailyLimit: "20", minAmount: "0.0001", float: "300" },
};
/** USDC the issuer stocks each Midas redemption vault with, for instant redemptions. */
export const MIDAS_REDEMPTION_LIQUIDITY = parseUnits("5000000", 6);
/** The Centrifuge vault's smallest deposit request (USDC) and its share float. */
export const CENTRIFUGE_VAULT = { minDeposit: "10", float: "40000" };

const tuple = {
  type: "tuple",
  components: [
    { name: "seed", type: "uint256" },
    { name: "p0", type: "uint256" },
    { name: "t0", type: "uint64" },
    { name: "apyBps", type: "uint32" },
    { name: "volBps", type: "uint32" },
  ],
} as const;

function model(symbol: string) {
  const m = DEVNET_MARKETS.find((x) => x.asset.symbol === symbol);
  if (!m) throw new Error(`no devnet market for ${symbol}`);
  return {
    seed: marketSeed(symbol),
    p0: parseUnits(m.p0, 18),
    t0: BigInt(MARKETS_T0),
    apyBps: m.apyBps,
    volBps: m.volBps,
  };
}

function deployment(
  contract: DevnetContract,
  types: readonly unknown[],
  values: readonly unknown[],
  label: string,
): Deployment {
  const args = encodeAbiParameters(types as any, values as any);
  const initCode = `${loadArtifact(contract).bytecode}${args.slice(2)}` as Hex;
  const salt = saltOf(label);
  return { initCode, salt, address: create2Address(initCode, salt) };
}

/** The mToken's rate feed (same on every chain: it depends only on the price model). */
export function midasFeedDeployment(symbol: string): Deployment {
  return deployment("MidasDataFeedTwin", [tuple], [model(symbol)], `compass.devnet.midas-feed:${symbol}`);
}

function midasArgs(symbol: string) {
  const v = MIDAS_VAULTS[symbol];
  if (!v) throw new Error(`${symbol} has no Midas vault settings`);
  return {
    token: rwaTokenDeployment(symbol).address,
    feed: midasFeedDeployment(symbol).address,
    admin: roleAccount("fund_issuer").address,
    fee: BigInt(v.instantFeeBps),
    limit: parseUnits(v.dailyLimit, 18),
    min: parseUnits(v.minAmount, 18),
  };
}

const A = { type: "address" } as const;
const U = { type: "uint256" } as const;

export function midasDepositVaultDeployment(symbol: string): Deployment {
  const a = midasArgs(symbol);
  return deployment(
    "MidasDepositVaultTwin",
    [A, A, A, A, U, U, U],
    [a.token, a.feed, a.admin, a.admin, a.fee, a.limit, a.min],
    `compass.devnet.midas-deposit-vault:${symbol}`,
  );
}

export function midasRedemptionVaultDeployment(symbol: string): Deployment {
  const a = midasArgs(symbol);
  return deployment(
    "MidasRedemptionVaultTwin",
    [A, A, A, U, U, U],
    [a.token, a.feed, a.admin, a.fee, a.limit, a.min],
    `compass.devnet.midas-redemption-vault:${symbol}`,
  );
}

/** The Centrifuge ERC-7540 vault of one deRWA token on one chain (its USDC differs per chain). */
export function centrifugeVaultDeployment(chain: DevnetChainName, symbol: string): Deployment {
  const usdc = USDC[chain];
  if (!usdc) throw new Error(`no USDC on ${chain}`);
  return deployment(
    "CentrifugeAsyncVaultTwin",
    [A, A, A, U, tuple],
    [
      usdc.address,
      rwaTokenDeployment(symbol).address,
      roleAccount("fund_issuer").address,
      parseUnits(CENTRIFUGE_VAULT.minDeposit, usdc.decimals),
      model(symbol),
    ],
    `compass.devnet.centrifuge-vault:${symbol}`,
  );
}

export const vaultAbi = (contract: DevnetContract) => loadArtifact(contract).abi as Abi;
export type { Address };
