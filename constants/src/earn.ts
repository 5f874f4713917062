import type { ChainName, TokenInfo } from "./chains.ts";

/**
 * Each chain's wrapped native token, WETH9's code (WBNB on BNB Smart Chain is the same contract under another
 * name): the devnet installs WETH9 at the same address, and Uniswap's periphery wraps through it.
 */
export const WETH: Partial<Record<ChainName, TokenInfo>> = {
  ethereum: { symbol: "WETH", address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", decimals: 18 },
  arbitrum: { symbol: "WETH", address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", decimals: 18 },
  base: { symbol: "WETH", address: "0x4200000000000000000000000000000000000006", decimals: 18 },
  bsc: { symbol: "WBNB", address: "0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c", decimals: 18 },
};

/**
 * keccak256 of UniswapV3Pool's creation code: pool addresses are CREATE2 from the factory with this hash
 * (the periphery's PoolAddress library has it compiled in; the devnet deploys the same pool bytecode).
 */
export const UNISWAP_V3_POOL_INIT_CODE_HASH =
  "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54" as const;
