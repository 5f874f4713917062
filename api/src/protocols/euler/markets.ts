import { type Address, erc20Abi, type PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { evkAbi } from "./abi.ts";

/** An EVK vault as a lending market, raw: amounts in its asset's units, rate per second in ray, fee and LTVs in 1e-4. */
export interface EulerMarket {
  vault: Address;
  asset: Address;
  symbol: string;
  cash: bigint;
  borrows: bigint;
  total: bigint;
  /** per second, ray */
  rate: bigint;
  /** the interest fee, 1e-4 */
  fee: number;
  /** AmountCap encoded (see resolveAmountCap) */
  caps: readonly [number, number];
  unitOfAccount: Address;
  /** the collateral vaults it accepts, each with its underlying asset and borrow and liquidation LTVs (1e-4) */
  collaterals: { vault: Address; asset: Address; borrowLtv: number; liquidationLtv: number }[];
}

const READS = [
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

/**
 * `vaults` read as lending markets through EVK's own views, for the next block — asset, cash, total borrows and
 * assets, the interest rate and fee, caps, unit of account and the collaterals it accepts (`LTVList`, with
 * `LTVBorrow` and `LTVLiquidation`) — with the symbol and decimals of every asset and collateral named. One
 * multicall for all vaults, one for their collaterals and tokens; an address that is no EVK vault is left out.
 */
export async function readEulerMarkets(client: PublicClient, vaults: readonly Address[]) {
  const results = (await client.multicall({
    allowFailure: true,
    blockTag: NEXT_BLOCK,
    contracts: vaults.flatMap((address) =>
      READS.map((functionName) => ({ address, abi: evkAbi, functionName })),
    ),
  })) as { status: string; result?: unknown }[];
  const rows = vaults
    .map((vault, i) => {
      const r = (k: number) => results[i * READS.length + k]!;
      if (READS.some((_, k) => r(k).status !== "success")) return null; // not an EVK vault
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
        unitOfAccount: v(8) as Address,
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
  const tokens = new Map(
    assets.map((a, i) => [a, { symbol: meta[i * 2] as string, decimals: Number(meta[i * 2 + 1]) }]),
  );
  let cursor = assets.length * 2;
  const markets: EulerMarket[] = rows.map((r) => ({
    ...r,
    collaterals: r.collaterals.map((c) => {
      const [borrowLtv, liquidationLtv, asset] = [meta[cursor], meta[cursor + 1], meta[cursor + 2]] as [
        number,
        number,
        Address,
      ];
      cursor += 3;
      return { vault: c, asset, borrowLtv, liquidationLtv };
    }),
  }));
  return { markets, assets, tokens };
}
