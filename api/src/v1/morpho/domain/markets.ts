import { type Address, type Hex, isHex, type Log, type PublicClient, parseAbiItem } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { trailingGrowthPercent } from "../../../kernel/chain/history.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import type { Context } from "../../../kernel/context.ts";
import { ApiError, fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  MORPHO_CREATE_MARKET_EVENT,
  type MorphoCreditMarket,
  morphoSingleton,
  readMorphoCreditMarket,
} from "../../../v2/credit/index.ts";

const WAD = 10n ** 18n;
const YEAR = 365 * 86_400;
const DAY = 86_400n;
const VIRTUAL_SHARES = 10n ** 6n;

/** The chain's Morpho Blue, its client, and every market id its CreateMarket events name. */
export async function morphoMarketIds(ctx: Context, chain: ChainName) {
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const morpho = morphoSingleton(ctx.config, chain);
  const logs = ctx.services.chains.logs;
  try {
    const created = (await logs.getLogs(client, {
      address: morpho,
      event: MORPHO_CREATE_MARKET_EVENT,
      fromBlock: await logs.deploymentBlock(client, morpho),
    })) as unknown as { args: { id: Hex } }[];
    return { client, morpho, logs, ids: created.map((c) => c.args.id) };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/** `unique_market_key` as a market id: 0x and 32 bytes, else a 422 on `loc`. */
export function marketKey(text: string, loc: Loc): Hex {
  if (!isHex(text) || text.length !== 66) throw fieldError(loc, "a Morpho market id: 0x and 64 hex digits");
  return text.toLowerCase() as Hex;
}

export interface MarketFigures {
  m: MorphoCreditMarket;
  /** fractions: the rate model's borrow rate compounded over a year, and what suppliers earn of it */
  borrowApy: number;
  supplyApy: number;
  utilization: number;
  /** 18-decimal USD per whole token at the chain's oracle; null where it has no feed */
  loanUsd: bigint | null;
  collateralUsd: bigint | null;
}

/** A market for the next block, its current APYs and its tokens' USD prices. */
export async function marketFigures(
  ctx: Context,
  chain: ChainName,
  client: PublicClient,
  morpho: Address,
  id: Hex,
  loc: Loc,
  /** the head block, shared when several markets are read at once */
  head?: Promise<{ timestamp: bigint }>,
): Promise<MarketFigures> {
  const m = await readMorphoCreditMarket(client, morpho, id, loc, head).catch((e) =>
    e instanceof ApiError ? Promise.reject(e) : rethrowRpc(chain, e),
  );
  const utilization =
    m.totalSupplyAssets === 0n ? 0 : Number((m.totalBorrowAssets * WAD) / m.totalSupplyAssets) / 1e18;
  const borrowApy = Math.expm1((Number(m.borrowRate) / 1e18) * YEAR);
  const [loanUsd, collateralUsd] = await Promise.all([
    oraclePrice(ctx.config, client, chain, m.params.loanToken),
    oraclePrice(ctx.config, client, chain, m.params.collateralToken),
  ]);
  return {
    m,
    borrowApy,
    supplyApy: borrowApy * utilization * (1 - Number(m.fee) / 1e18),
    utilization,
    loanUsd,
    collateralUsd,
  };
}

/** raw token units at an 18-decimal USD price, as a number of dollars; null without a price */
export const usdOf = (raw: bigint, decimals: number, usd18: bigint | null) =>
  usd18 === null ? null : Number((raw * usd18) / 10n ** BigInt(decimals)) / 1e18;

const SUPPLY_SIDE = [
  parseAbiItem(
    "event Supply(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
  parseAbiItem(
    "event Withdraw(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
];
const BORROW_SIDE = [
  parseAbiItem(
    "event Borrow(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
  parseAbiItem(
    "event Repay(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
];

export const APY_WINDOWS = {
  dailyApys: DAY,
  weeklyApys: 7n * DAY,
  monthlyApys: 30n * DAY,
  yearlyApys: 365n * DAY,
};

/**
 * The market's supply and borrow APYs over trailing windows (fractions) and over its life: the growth of the
 * assets one share is worth on each side, as the market's own Supply/Withdraw and Borrow/Repay events priced
 * the share then (assets ÷ shares of each), up to the share's worth now. Events: any node serves them.
 */
export async function windowApys(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
  f: MarketFigures,
  chain: ChainName,
  head?: Promise<{ timestamp: bigint }>,
) {
  try {
    const fromBlock = await logs.deploymentBlock(client, morpho);
    const [supplyLogs, borrowLogs, { timestamp: headTime }] = await Promise.all([
      logs.getLogs(client, { address: morpho, events: SUPPLY_SIDE, topics: [f.m.id], fromBlock }),
      logs.getLogs(client, { address: morpho, events: BORROW_SIDE, topics: [f.m.id], fromBlock }),
      head ?? client.getBlock({ blockTag: "latest" }),
    ]);
    const all = [...supplyLogs, ...borrowLogs] as (Log & { args: { assets: bigint; shares: bigint } })[];
    const times = await blockTimes(client, all);
    const observe = (events: typeof all) =>
      events
        .filter((e) => e.args.shares > 0n)
        .map((e) => ({ t: BigInt(times.get(e.blockNumber!)!), price: (e.args.assets * WAD) / e.args.shares }))
        .sort((a, b) => Number(a.t - b.t));
    const supply = observe(supplyLogs as typeof all);
    const borrow = observe(borrowLogs as typeof all);
    const now = {
      supply: ((f.m.totalSupplyAssets + 1n) * WAD) / (f.m.totalSupplyShares + VIRTUAL_SHARES),
      borrow: ((f.m.totalBorrowAssets + 1n) * WAD) / (f.m.totalBorrowShares + VIRTUAL_SHARES),
    };
    const life = headTime - (supply[0]?.t ?? headTime);
    const windows = { ...APY_WINDOWS, allTimeApys: life > 0n ? life : 1n };
    const fraction = (x: number | null) => ((x ?? 0) / 100).toFixed(6);
    return Object.fromEntries(
      Object.entries(windows).map(([k, seconds]) => {
        const supplyApy = fraction(trailingGrowthPercent(supply, now.supply, headTime, seconds));
        const borrowApy = fraction(trailingGrowthPercent(borrow, now.borrow, headTime, seconds));
        return [k, { borrowApy, netBorrowApy: borrowApy, supplyApy, netSupplyApy: supplyApy }];
      }),
    ) as Record<
      keyof typeof APY_WINDOWS | "allTimeApys",
      { borrowApy: string; netBorrowApy: string; supplyApy: string; netSupplyApy: string }
    >;
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
