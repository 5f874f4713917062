import { type Address, getAddress, parseAbi } from "viem";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";

/** Sky runs on Ethereum alone. */
export const SKY_CHAIN = "ethereum" as const;

/** DaiUsds: DAI to USDS and back, 1:1. */
export const converterAbi = parseAbi([
  "function daiToUsds(address usr, uint256 wad)",
  "function usdsToDai(address usr, uint256 wad)",
]);

/** The USDS PSM wrapper: USDC (its gem) to USDS and back, less its `tin`/`tout` fee; USDC paid out from its pocket. */
export const psmAbi = parseAbi([
  "function sellGem(address usr, uint256 gemAmt) returns (uint256 usdsOutWad)",
  "function buyGem(address usr, uint256 gemAmt) returns (uint256 usdsInWad)",
  "function tin() view returns (uint256)",
  "function tout() view returns (uint256)",
  "function to18ConversionFactor() view returns (uint256)",
  "function gem() view returns (address)",
  "function pocket() view returns (address)",
]);

/** sUSDS, the savings vault (an ERC-4626): the views a position needs. */
export const savingsAbi = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function convertToAssets(uint256 shares) view returns (uint256)",
]);

export interface SkyContracts {
  converter: Address;
  psm: Address;
  savings: Address;
  dai: Erc20;
  usds: Erc20;
}

/** Sky's contracts and tokens on Ethereum by the address book's names, or null where the deployment has none. */
export function skyContracts(config: Config): SkyContracts | null {
  const book = addressBook(config);
  const c = book?.chains[SKY_CHAIN]?.contracts ?? {};
  const t = book?.tokens?.[SKY_CHAIN] ?? {};
  if (!c.SkyDaiUsds || !c.SkyUsdsPsmWrapper || !c.SkySavingsUsds || !t.DAI || !t.USDS) return null;
  const token = (symbol: "DAI" | "USDS"): Erc20 => ({
    address: getAddress(t[symbol]!.address),
    symbol,
    decimals: 18,
  });
  return {
    converter: getAddress(c.SkyDaiUsds),
    psm: getAddress(c.SkyUsdsPsmWrapper),
    savings: getAddress(c.SkySavingsUsds),
    dai: token("DAI"),
    usds: token("USDS"),
  };
}
