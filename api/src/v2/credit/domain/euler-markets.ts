import { type Address, erc20Abi, type PublicClient, parseAbi } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import { eulerFactoryVaults } from "../../earn/index.ts";

/**
 * Euler markets (spec B3): every vault the chain's Euler factory created, read through the Euler Vault Kit's own
 * views — asset, cash, total borrows, the per-second interest rate (ray) and interest fee, caps (EVK's 16-bit
 * AmountCap: mantissa × 10^exponent ÷ 100, 0 = none) and the collaterals it accepts (`LTVList`, with
 * `LTVBorrow` and `LTVLiquidation` in 1e-4). Prices are the chain's Aave oracle's, as for every USD figure of
 * this deployment. One multicall for all vaults, one for their collaterals.
 */

const evkAbi = parseAbi([
  "function asset() view returns (address)",
  "function symbol() view returns (string)",
  "function cash() view returns (uint256)",
  "function totalBorrows() view returns (uint256)",
  "function totalAssets() view returns (uint256)",
  "function interestRate() view returns (uint256)",
  "function interestFee() view returns (uint16)",
  "function caps() view returns (uint16 supplyCap, uint16 borrowCap)",
  "function unitOfAccount() view returns (address)",
  "function LTVList() view returns (address[])",
  "function LTVBorrow(address collateral) view returns (uint16)",
  "function LTVLiquidation(address collateral) view returns (uint16)",
]);

const SECONDS_PER_YEAR = 365 * 86_400;
/** EVK's conventional unit of account for USD (ISO 4217 code 840 as an address) */
const USD = "0x0000000000000000000000000000000000000348";

/** EVK AmountCap → raw amount; null when uncapped. */
export function resolveAmountCap(cap: number): bigint | null {
  if (cap === 0) return null;
  return (10n ** BigInt(cap & 63) * BigInt(cap >> 6)) / 100n;
}

const apy = (perSecondRay: bigint) => (1 + Number(perSecondRay) / 1e27) ** SECONDS_PER_YEAR - 1;

export async function readEulerMarkets(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
}) {
  const { client, chain } = input;
  const vaults = (await eulerFactoryVaults(input.config, client, input.logs, chain)) as Address[];
  const reads = [
    "asset",
    "symbol",
    "cash",
    "totalBorrows",
    "totalAssets",
    "interestRate",
    "interestFee",
    "caps",
    "unitOfAccount",
    "LTVList",
  ] as const;
  const results = (await client.multicall({
    allowFailure: true,
    blockTag: NEXT_BLOCK,
    contracts: vaults.flatMap((address) =>
      reads.map((functionName) => ({ address, abi: evkAbi, functionName })),
    ),
  })) as { status: string; result?: unknown }[];
  const rows = vaults
    .map((vault, i) => {
      const r = (k: number) => results[i * reads.length + k]!;
      if (reads.some((_, k) => r(k).status !== "success")) return null; // not an EVK vault
      const v = (k: number) => r(k).result;
      return {
        vault,
        asset: v(0) as Address,
        symbol: v(1) as string,
        cash: v(2) as bigint,
        borrows: v(3) as bigint,
        total: v(4) as bigint,
        rate: v(5) as bigint,
        fee: Number(v(6)),
        caps: v(7) as readonly [number, number],
        unit: v(8) as Address,
        collaterals: v(9) as readonly Address[],
      };
    })
    .filter((x) => x !== null);
  const assets = [...new Set(rows.flatMap((r) => [r.asset, ...r.collaterals]))];
  const meta = (await client.multicall({
    allowFailure: false,
    blockTag: NEXT_BLOCK,
    contracts: [
      ...assets.flatMap((a) => [
        { address: a, abi: erc20Abi, functionName: "symbol" },
        { address: a, abi: erc20Abi, functionName: "decimals" },
      ]),
      ...rows.flatMap((r) =>
        r.collaterals.flatMap((c) => [
          { address: r.vault, abi: evkAbi, functionName: "LTVBorrow", args: [c] },
          { address: r.vault, abi: evkAbi, functionName: "LTVLiquidation", args: [c] },
          { address: c, abi: evkAbi, functionName: "asset" },
        ]),
      ),
    ] as never,
  })) as unknown[];
  const tokenOf = new Map(
    assets.map((a, i) => [a, { symbol: meta[i * 2] as string, decimals: Number(meta[i * 2 + 1]) }]),
  );
  let cursor = assets.length * 2;
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
  return rows.map((r) => {
    const t = tokenOf.get(r.asset)!;
    const utilization = r.total === 0n ? 0 : Number(r.borrows) / Number(r.total);
    const borrowApy = apy(r.rate);
    const [supplyCap, borrowCap] = r.caps.map(resolveAmountCap);
    const collaterals = r.collaterals.map((c) => {
      const [borrowLtv, liquidationLtv, underlying] = [meta[cursor], meta[cursor + 1], meta[cursor + 2]] as [
        number,
        number,
        Address,
      ];
      cursor += 3;
      const u = tokenOf.get(c) ?? { symbol: "", decimals: 18 };
      return {
        vault: c,
        asset: underlying,
        asset_symbol: u.symbol,
        asset_decimals: u.decimals,
        asset_price_usd: usd(underlying),
        borrow_ltv: formatDecimal(BigInt(borrowLtv), 2, 2),
        liquidation_ltv: formatDecimal(BigInt(liquidationLtv), 2, 2),
      };
    });
    return {
      vault: r.vault,
      vault_symbol: r.symbol,
      asset: r.asset,
      asset_symbol: t.symbol,
      asset_decimals: t.decimals,
      asset_price_usd: usd(r.asset),
      unit_of_account_symbol: r.unit.toLowerCase() === USD ? "USD" : (tokenOf.get(r.unit)?.symbol ?? r.unit),
      borrow_apy: (borrowApy * 100).toFixed(4),
      supply_apy: (borrowApy * utilization * (1 - r.fee / 10_000) * 100).toFixed(4),
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
