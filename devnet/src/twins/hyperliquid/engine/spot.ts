import type { Network } from "./core.ts";

/**
 * The spot side as far as this twin has one: no spot pairs (the product trades perps only), and
 * the one token every account has, USDC — token 0, with the token id the venue gives it on each
 * network. Actions that name a token (sendAsset) use the venue's wire form `NAME:tokenId`.
 */
export const USDC_TOKEN_IDS: Record<Network, `0x${string}`> = {
  Mainnet: "0x6d1e7cde53ba9467b783cb7c530ce054",
  Testnet: "0xeb62eee3685fc4c43992febcd9e75443",
};

export const usdcWireToken = (network: Network): string => `USDC:${USDC_TOKEN_IDS[network]}`;

/** Where sendAsset may move collateral: the main perp dex (""), spot, or a perp dex of this venue. */
export const SPOT_DEX = "spot";
