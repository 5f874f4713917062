import { USDC, WETH } from "@compass/constants";
import { type Address, type Hex, parseUnits, stringToHex } from "viem";
import { roleAccount } from "../accounts.ts";
import type { DevnetChainName } from "../config.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";

/** The devnet chains that carry the earn protocols (the spec's earn chains the devnet runs). */
export const EARN_CHAINS = ["ethereum", "arbitrum", "base"] as const satisfies readonly DevnetChainName[];
export type EarnChain = (typeof EARN_CHAINS)[number];

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

export interface EarnToken {
  symbol: string;
  address: Address;
  decimals: number;
}

/** Every token the earn protocols use on a chain, by symbol. */
export function earnTokens(chain: EarnChain): Record<"USDC" | "WETH" | IssuedSymbol, EarnToken> {
  const usdc = USDC[chain]!;
  const weth = WETH[chain]!;
  return {
    USDC: { symbol: "USDC", address: usdc.address, decimals: usdc.decimals },
    WETH: { symbol: "WETH", address: weth.address, decimals: weth.decimals },
    USDT: { symbol: "USDT", address: issuedToken("USDT").address, decimals: 6 },
    wstETH: { symbol: "wstETH", address: issuedToken("wstETH").address, decimals: 18 },
  };
}

export function units(token: EarnToken, amount: string): bigint {
  return parseUnits(amount, token.decimals);
}

/**
 * WETH9's storage after its constructor (canonical-weth: `name`, `symbol`, `decimals` in slots 0–2),
 * written next to its runtime code so WETH sits at the chain's canonical address as on the real chain.
 */
export function weth9Storage(): [Hex, Hex][] {
  const shortString = (s: string): Hex => {
    const bytes = stringToHex(s).slice(2).padEnd(62, "0");
    return `0x${bytes}${(s.length * 2).toString(16).padStart(2, "0")}`;
  };
  const slot = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;
  return [
    [slot(0), shortString("Wrapped Ether")],
    [slot(1), shortString("WETH")],
    [slot(2), slot(18)],
  ];
}
