import { USDC, WETH } from "@compass/constants";
import { type Address, type Hex, parseUnits, stringToHex } from "viem";
import { roleAccount } from "../accounts.ts";
import type { DevnetChainName } from "../config.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";

/** The devnet chains that carry the earn protocols (the spec's earn chains the devnet runs). */
export const EARN_CHAINS = [
  "ethereum",
  "arbitrum",
  "base",
  "bsc",
] as const satisfies readonly DevnetChainName[];
export type EarnChain = (typeof EARN_CHAINS)[number];
/**
 * The earn chains with Morpho Blue, MetaMorpho, Euler and Pendle too. BNB Smart Chain carries the tokens, Uniswap
 * v3, Aave v3 and the plain ERC-4626 vaults: Morpho's authors have not deployed Morpho Blue there, and the
 * devnet leaves out the Euler and Pendle markets that BNB Smart Chain does have, to keep its start short.
 */
export const FULL_EARN_CHAINS = ["ethereum", "arbitrum", "base"] as const satisfies readonly EarnChain[];

/**
 * A token's reference USD price on a chain, a whole number: the devnet's pools and feeds start there. The
 * wrapped native token is ETH at 3,000, BNB at 600 on BNB Smart Chain.
 */
export function referenceUsd(chain: EarnChain, key: EarnTokenKey): number {
  if (key === "WETH") return chain === "bsc" ? 600 : 3000;
  return key === "wstETH" ? 3600 : 1;
}

/**
 * ERC-20s the devnet issues where the real token has no deployable artifact of its own: plain OpenZeppelin
 * ERC-20s (contracts/RwaToken.sol: issuer-minted, fixed decimals) minted by `earn_operator`.
 */
export const ISSUED_TOKENS = [
  { symbol: "USDT", name: "Tether USD", decimals: 6, devGrant: "1000000" },
  { symbol: "wstETH", name: "Wrapped liquid staked Ether 2.0", decimals: 18, devGrant: "100" },
] as const;
export type IssuedSymbol = (typeof ISSUED_TOKENS)[number]["symbol"];

export function issuedToken(symbol: IssuedSymbol): Create2Deployment {
  const token = ISSUED_TOKENS.find((t) => t.symbol === symbol)!;
  return create2Deployment(`earn.token:${symbol}`, loadArtifact("RwaToken"), [
    token.name,
    token.symbol,
    token.decimals,
    roleAccount("earn_operator").address,
  ]);
}

export type EarnTokenKey = "USDC" | "WETH" | IssuedSymbol;

export interface EarnToken {
  /** the token's role in the devnet's markets: "WETH" is the chain's wrapped native token (WBNB on bsc) */
  key: EarnTokenKey;
  /** the ERC-20's own symbol and name */
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
}

/** Every token the earn protocols use on a chain, by role. */
export function earnTokens(chain: EarnChain): Record<EarnTokenKey, EarnToken> {
  const usdc = USDC[chain]!;
  const weth = WETH[chain]!;
  const issued = (key: IssuedSymbol): EarnToken => {
    const t = ISSUED_TOKENS.find((i) => i.symbol === key)!;
    return { key, symbol: t.symbol, name: t.name, address: issuedToken(key).address, decimals: t.decimals };
  };
  return {
    USDC: { key: "USDC", symbol: "USDC", name: "USD Coin", address: usdc.address, decimals: usdc.decimals },
    WETH: {
      key: "WETH",
      symbol: weth.symbol,
      name: weth.symbol === "WBNB" ? "Wrapped BNB" : "Wrapped Ether",
      address: weth.address,
      decimals: weth.decimals,
    },
    USDT: issued("USDT"),
    wstETH: issued("wstETH"),
  };
}

export function units(token: EarnToken, amount: string): bigint {
  return parseUnits(amount, token.decimals);
}

/**
 * WETH9's storage after its constructor (canonical-weth: `name`, `symbol`, `decimals` in slots 0–2),
 * written next to its runtime code so WETH sits at the chain's canonical address as on the real chain
 * (WBNB is the same contract with its own name and symbol).
 */
export function weth9Storage(token: EarnToken): [Hex, Hex][] {
  const shortString = (s: string): Hex => {
    const bytes = stringToHex(s).slice(2).padEnd(62, "0");
    return `0x${bytes}${(s.length * 2).toString(16).padStart(2, "0")}`;
  };
  const slot = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;
  return [
    [slot(0), shortString(token.name)],
    [slot(1), shortString(token.symbol)],
    [slot(2), slot(18)],
  ];
}
