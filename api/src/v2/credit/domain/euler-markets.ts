import type { Address, PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  eulerApys,
  eulerFactoryVaults,
  readEulerMarkets as readMarkets,
  resolveAmountCap,
} from "../../../protocols/euler/index.ts";

/**
 * Euler markets (spec B3): every vault the chain's Euler factory created, read through the Euler Vault Kit's own
 * views — asset, cash, total borrows, the per-second interest rate (ray) and interest fee, caps (EVK's 16-bit
 * AmountCap: mantissa × 10^exponent ÷ 100, 0 = none) and the collaterals it accepts (`LTVList`, with
 * `LTVBorrow` and `LTVLiquidation` in 1e-4). Prices are the chain's Aave oracle's, as for every USD figure of
 * this deployment. One multicall for all vaults, one for their collaterals.
 */

/** EVK's conventional unit of account for USD (ISO 4217 code 840 as an address) */
const USD = "0x0000000000000000000000000000000000000348";

export async function readEulerMarkets(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
}) {
  const { client, chain } = input;
  const vaults = (await eulerFactoryVaults(input.config, client, input.logs, chain)) as Address[];
  const { markets, assets, tokens } = await readMarkets(client, vaults);
  const prices = new Map(
    await Promise.all(
      assets.map(
        async (a) => [a, await oraclePrice(input.config, client, chain, a).catch(() => null)] as const,
      ),
    ),
  );
  const usd = (a: Address) => {
    const p = prices.get(a);
    return p === null || p === undefined ? undefined : formatDecimal(p, 18, 6);
  };
  return markets.map((r) => {
    const t = tokens.get(r.asset)!;
    const { utilization, borrowApy, supplyApy } = eulerApys(r);
    const [supplyCap, borrowCap] = r.caps.map(resolveAmountCap);
    const collaterals = r.collaterals.map((c) => {
      const u = tokens.get(c.vault) ?? { symbol: "", decimals: 18 };
      return {
        vault: c.vault,
        asset: c.asset,
        asset_symbol: u.symbol,
        asset_decimals: u.decimals,
        asset_price_usd: usd(c.asset),
        borrow_ltv: formatDecimal(BigInt(c.borrowLtv), 2, 2),
        liquidation_ltv: formatDecimal(BigInt(c.liquidationLtv), 2, 2),
      };
    });
    return {
      vault: r.vault,
      vault_symbol: r.symbol,
      asset: r.asset,
      asset_symbol: t.symbol,
      asset_decimals: t.decimals,
      asset_price_usd: usd(r.asset),
      unit_of_account_symbol:
        r.unitOfAccount.toLowerCase() === USD
          ? "USD"
          : (tokens.get(r.unitOfAccount)?.symbol ?? r.unitOfAccount),
      borrow_apy: (borrowApy * 100).toFixed(4),
      supply_apy: (supplyApy * 100).toFixed(4),
      available_liquidity: formatDecimal(r.cash, t.decimals),
      total_supply_assets: formatDecimal(r.total, t.decimals),
      total_borrow_assets: formatDecimal(r.borrows, t.decimals),
      utilization: (utilization * 100).toFixed(2),
      ...(supplyCap === null ? {} : { supply_cap: formatDecimal(supplyCap!, t.decimals) }),
      ...(borrowCap === null ? {} : { borrow_cap: formatDecimal(borrowCap!, t.decimals) }),
      collaterals,
    };
  });
}
