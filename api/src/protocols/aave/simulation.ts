import { type Address, type Hex, maxUint256 } from "viem";
import type { PriceSource, Probe } from "../../kernel/chain/preview.ts";
import type { Config } from "../../kernel/config/env.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { aaveMarket } from "./market.ts";

/** What a write's simulation reads of Aave: USD prices at the oracle, and each holder's health factor. */

const word = (a: string) => a.slice(2).toLowerCase().padStart(64, "0");
const GET_ASSET_PRICE = "0xb3596f07";
const GET_USER_ACCOUNT_DATA = "0xbf92857c";

/** USD per whole token at the chain's Aave oracle (8 decimals): the deployment's price feeds. */
export function oraclePriceSource(config: Config, chain: ChainName): PriceSource | undefined {
  const market = aaveMarket(config, chain);
  if (!market) return undefined;
  return {
    decimals: 8,
    read: (token: Address) => ({ to: market.oracle, data: `${GET_ASSET_PRICE}${word(token)}` as Hex }),
  };
}

/**
 * The holder's Aave health factor (18 decimals in the pool, 4 places here); null when it has no debt (the pool
 * answers max uint256).
 */
export function healthFactorProbe(config: Config, chain: ChainName): Probe[] {
  const market = aaveMarket(config, chain);
  if (!market) return [];
  return [
    {
      name: "health_factor",
      read: (holder: Address) => ({
        to: market.pool,
        data: `${GET_USER_ACCOUNT_DATA}${word(holder)}` as Hex,
      }),
      decode: (data: Hex) => {
        // (totalCollateralBase, totalDebtBase, availableBorrowsBase, currentLiquidationThreshold, ltv, healthFactor)
        if (data.length < 2 + 64 * 6) return null;
        const debt = BigInt(`0x${data.slice(2 + 64, 2 + 128)}`);
        const hf = BigInt(`0x${data.slice(2 + 64 * 5, 2 + 64 * 6)}`);
        if (debt === 0n || hf === maxUint256) return null;
        return formatDecimal(hf, 18, 4);
      },
    },
  ];
}
