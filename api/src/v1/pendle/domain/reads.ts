import { pendleRouterStaticAbi, pendleYieldTokenAbi } from "@compass/constants";
import { type Address, erc20Abi, formatUnits, getAddress, type PublicClient, parseAbiItem } from "viem";
import { readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { isWrongContract } from "../../../kernel/chain/contract-check.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { addressBook } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  chainPendleMarkets,
  impliedApyPercent,
  marketLiquidity,
  type PendleDeployment,
  type PendleMarket,
  type PendleMarketState,
  readPendleMarket,
  readPendleState,
  requirePendle,
} from "../../../v2/earn/index.ts";

const ONE = 10n ** 18n;
const DAY = 86_400n;
const NEW_FOR = 14n * DAY;
const iso = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString();
const id = (chainId: number, address: Address) => `${chainId}-${address.toLowerCase()}`;
const NEW_INTEREST_INDEX = parseAbiItem("event NewInterestIndex(uint256 indexed newIndex)");
const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/** the market's LP counted for incentives (PendleGauge) */
const activeBalanceAbi = [parseAbiItem("function activeBalance(address) view returns (uint256)")];
const yieldTokenAbi = [parseAbiItem("function yieldToken() view returns (address)")];

/** The chain's client and Pendle deployment, a 422 on `chain` where Pendle is not deployed. */
export function pendleOn(ctx: Context, chain: ChainName, at: "query" | "body") {
  const client = ctx.services.chains.get(chain, [at, "chain"]);
  const pendle = requirePendle(ctx.config, chain, [at, "chain"]);
  return { client, pendle };
}

/** SY's growth as APY (fraction): its exchange rate at `from` against `to`, over the time between. */
function growth(rateFrom: bigint, rateTo: bigint, seconds: bigint): number {
  if (rateFrom <= 0n || seconds <= 0n) return 0;
  const ratio = Number((rateTo * ONE) / rateFrom) / 1e18;
  return ratio ** ((365 * 86_400) / Number(seconds)) - 1;
}

/**
 * The underlying's APY (fractions) over the last day and week: the SY's exchange rate at the head against the
 * interest index the YT recorded (its NewInterestIndex events) at or before each window's start — or, when the
 * YT has recorded none that early, its first — annualised over the time actually between them.
 */
async function underlyingApys(
  client: PublicClient,
  logs: LogReader,
  market: PendleMarket,
  head: { number: bigint; timestamp: bigint },
  /** the SY's exchange rate at the head, as the market's state read gives it */
  rateNow: Promise<bigint>,
): Promise<[number, number]> {
  const [events, now] = await Promise.all([
    logs.getLogs(client, { address: market.yt, event: NEW_INTEREST_INDEX, toBlock: head.number }),
    rateNow,
  ]);
  if (!events.length) return [0, 0];
  const times = await blockTimes(client, events);
  const [day, week] = [DAY, 7n * DAY].map((span) => {
    const start = Number(head.timestamp - span);
    let pick = events[0]!;
    for (const e of events) if (times.get(e.blockNumber!)! <= start) pick = e;
    const index = (pick as unknown as { args: { newIndex: bigint } }).args.newIndex;
    return growth(index, now, head.timestamp - BigInt(times.get(pick.blockNumber!)!));
  });
  return [day!, week!];
}

/**
 * Every market of the chain's Pendle deployment (those it lists and those its factory created), each with its
 * tokens, expiry, pool value in USD, implied APY, fee and the LP's yield, as Pendle's own market list shows them.
 */
export async function listMarkets(ctx: Context, chain: ChainName) {
  const { client, pendle } = pendleOn(ctx, chain, "query");
  const logs = ctx.services.chains.logs;
  const chainId = client.chain!.id;
  try {
    const [addresses, headBlock] = await Promise.all([
      chainPendleMarkets(ctx.config, client, logs, chain, pendle),
      client.getBlock({ blockTag: "latest" }),
    ]);
    const head = { number: headBlock.number, timestamp: headBlock.timestamp };
    const listed = new Set(
      Object.entries(addressBook(ctx.config)?.chains[chain]?.contracts ?? {})
        .filter(([name]) => name.startsWith("PendleMarket_"))
        .map(([, a]) => getAddress(a)),
    );
    const markets = await Promise.all(
      addresses.map(async (address) => {
        const market = await readPendleMarket(client, chain, pendle, address, ["query", "chain"]);
        const created = await logs.deploymentBlock(client, address);
        const stateRead = readPendleState(client, pendle, market, head.number);
        const [state, yieldToken, usd, createdAt, [day, week]] = await Promise.all([
          stateRead,
          client.readContract({ address: market.sy.address, abi: yieldTokenAbi, functionName: "yieldToken" }),
          oraclePrice(ctx.config, client, chain, market.asset.address),
          client.getBlock({ blockNumber: created }).then((b) => b.timestamp),
          underlyingApys(
            client,
            logs,
            market,
            head,
            stateRead.then((s) => s.syExchangeRate),
          ),
        ]);
        const implied = (impliedApyPercent(state) ?? 0) / 100;
        const liquidity = marketLiquidity(state);
        const ptValue = (state.totalPt * state.ptToAsset) / ONE;
        const ptShare = liquidity > 0n ? Number((ptValue * 10_000n) / liquidity) / 10_000 : 0;
        const aggregated = ptShare * implied + (1 - ptShare) * week!;
        return {
          name: market.pt.symbol.replace(/^PT-/, "").replace(/-\d+[A-Z]{3}\d{4}$/, ""),
          address: market.address,
          expiry: iso(market.expiry),
          pt: id(chainId, market.pt.address),
          yt: id(chainId, market.yt),
          sy: id(chainId, market.sy.address),
          underlyingAsset: id(chainId, getAddress(yieldToken)),
          details: {
            liquidity: usdValue(liquidity, market.asset, usd),
            pendleApy: 0,
            impliedApy: implied,
            feeRate: Math.exp(Number(state.lnFeeRateRoot) / 1e18) - 1,
            yieldRange: { min: Math.min(day!, week!), max: Math.max(day!, week!) },
            aggregatedApy: aggregated,
            maxBoostedApy: aggregated,
          },
          isNew: head.timestamp - createdAt < NEW_FOR,
          isPrime: listed.has(market.address),
          timestamp: iso(createdAt),
        };
      }),
    );
    return { markets };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/**
 * USD of `raw` base units of `asset` at its oracle price (18 decimals per whole token); without a feed, the
 * amount in whole tokens (every devnet Pendle market is over a priced stablecoin).
 */
function usdValue(raw: bigint, asset: Erc20, usd: bigint | null): number {
  const whole = Number(formatUnits(raw, asset.decimals));
  return usd === null ? whole : whole * (Number(usd) / 1e18);
}

async function erc20Data(client: PublicClient, address: Address, blockNumber: bigint) {
  const read = (functionName: "symbol" | "name" | "decimals") =>
    client.readContract({ address, abi: erc20Abi, functionName, blockNumber });
  const [symbol, name, decimals] = await Promise.all([read("symbol"), read("name"), read("decimals")]);
  return { address, symbol: String(symbol), name: String(name), decimals: Number(decimals) };
}

/**
 * A market as it stood at `block` (or the head): its implied APY, maturity, tokens and, for `user_address`, the
 * wallet's SY, PT, YT, LP, underlying and asset balances and the YT yield it could claim then (the YT's own
 * `redeemDueInterestAndRewards` simulated for it at that block). A block before the market existed is a 422.
 */
export async function marketAt(
  ctx: Context,
  query: { chain: ChainName; market_address: string; block?: number; user_address?: string | null },
) {
  const { chain } = query;
  const { client, pendle } = pendleOn(ctx, chain, "query");
  const market = await readPendleMarket(client, chain, pendle, query.market_address, [
    "query",
    "market_address",
  ]);
  const at = await readBlockAt(client, chain, query.block, {
    since: { logs: ctx.services.chains.logs, address: market.address, what: "This Pendle market" },
  });
  const blockNumber = at.number;
  try {
    const yieldToken = getAddress(
      await client.readContract({
        address: market.sy.address,
        abi: yieldTokenAbi,
        functionName: "yieldToken",
        blockNumber,
      }),
    );
    const [state, underlying, sy, pt, yt, asset] = await Promise.all([
      readPendleState(client, pendle, market, blockNumber),
      erc20Data(client, yieldToken, blockNumber),
      erc20Data(client, market.sy.address, blockNumber),
      erc20Data(client, market.pt.address, blockNumber),
      erc20Data(client, market.yt, blockNumber),
      erc20Data(client, market.asset.address, blockNumber),
    ]);
    const user = query.user_address ? getAddress(query.user_address) : null;
    return {
      market_address: market.address,
      implied_apy: String(impliedApyPercent(state) ?? 0),
      maturity_date: iso(market.expiry),
      tokens: { underlying_token: underlying, sy, pt, yt, accounting_asset: asset },
      user_position: user
        ? await userPositionAt(client, market, { underlying, sy, pt, yt, asset }, user, blockNumber)
        : null,
    };
  } catch (error) {
    return rethrowRpc(chain, error, { blockLoc: ["query", "block"], block: query.block });
  }
}

type Tokens = Record<"underlying" | "sy" | "pt" | "yt" | "asset", Erc20>;

async function userPositionAt(
  client: PublicClient,
  market: PendleMarket,
  tokens: Tokens,
  user: Address,
  blockNumber: bigint,
) {
  const balance = (token: Erc20) =>
    client
      .readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
        blockNumber,
      })
      .then((raw) => formatUnits(raw, token.decimals));
  const [sy, pt, yt, lp, underlying, asset, claimable] = await Promise.all([
    balance(tokens.sy),
    balance(tokens.pt),
    balance(tokens.yt),
    client
      .readContract({
        address: market.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
        blockNumber,
      })
      .then((raw) => formatUnits(raw, 18)),
    balance(tokens.underlying),
    balance(tokens.asset),
    claimableInterest(client, market.yt, user, blockNumber),
  ]);
  return {
    claimable_yield: formatUnits(claimable, tokens.sy.decimals),
    sy_balance: sy,
    pt_balance: pt,
    yt_balance: yt,
    lp_balance: lp,
    underlying_token_balance: underlying,
    accounting_asset_balance: asset,
  };
}

/**
 * SY the wallet's YT has earned and not claimed (net of Pendle's interest fee): the YT's own
 * `redeemDueInterestAndRewards` simulated for the wallet (anyone may call it for anyone; it pays the wallet).
 */
export async function claimableInterest(
  client: PublicClient,
  yt: Address,
  user: Address,
  blockNumber?: bigint,
) {
  const { result } = await client.simulateContract({
    address: yt,
    abi: pendleYieldTokenAbi,
    functionName: "redeemDueInterestAndRewards",
    args: [user, true, false],
    account: user,
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
  return result[0];
}

/**
 * A wallet's Pendle positions on the chain, as Pendle's dashboard lists them: per market its PT, YT and LP with
 * their USD value (open while it holds any; closed once it held some and holds none), and SY held directly.
 */
export async function userPositions(ctx: Context, query: { chain: ChainName; user_address: string }) {
  const { chain } = query;
  const { client, pendle } = pendleOn(ctx, chain, "query");
  const logs = ctx.services.chains.logs;
  const user = getAddress(query.user_address);
  const chainId = client.chain!.id;
  try {
    const [addresses, head] = await Promise.all([
      chainPendleMarkets(ctx.config, client, logs, chain, pendle),
      client.getBlock({ blockTag: "latest" }),
    ]);
    const rows = await Promise.all(
      addresses.map(async (address) => {
        const market = await readPendleMarket(client, chain, pendle, address, ["query", "chain"]);
        return { market, ...(await marketHoldings(ctx, client, chain, pendle, market, user, head.number)) };
      }),
    );
    const open = rows.filter((r) => r.holds).map((r) => r.position);
    const received = await everReceived(
      client,
      logs,
      rows.filter((r) => !r.holds).map((r) => r.market),
      user,
      head.number,
    );
    const closed = rows.filter((r) => !r.holds && received.has(r.market.address)).map((r) => r.position);
    const sys = [...new Map(rows.filter((r) => r.syRaw > 0n).map((r) => [r.market.sy.address, r])).values()];
    return {
      positions: [
        {
          chainId,
          totalOpen: open.length,
          totalClosed: closed.length,
          totalSy: sys.length,
          openPositions: open,
          closedPositions: closed,
          syPositions: sys.map((r) => ({
            syId: id(chainId, r.market.sy.address),
            balance: formatUnits(r.syRaw, r.market.sy.decimals),
          })),
          updatedAt: iso(head.timestamp),
        },
      ],
    };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

async function marketHoldings(
  ctx: Context,
  client: PublicClient,
  chain: ChainName,
  pendle: PendleDeployment,
  market: PendleMarket,
  user: Address,
  blockNumber: bigint,
) {
  const balanceOf = (address: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [user], blockNumber });
  const [pt, yt, lp, sy, active, state, ytToAsset, usd] = await Promise.all([
    balanceOf(market.pt.address),
    balanceOf(market.yt),
    balanceOf(market.address),
    balanceOf(market.sy.address),
    client.readContract({
      address: market.address,
      abi: activeBalanceAbi,
      functionName: "activeBalance",
      args: [user],
      blockNumber,
    }),
    readPendleState(client, pendle, market, blockNumber),
    client
      .readContract({
        address: pendle.routerStatic,
        abi: pendleRouterStaticAbi,
        functionName: "getYtToAssetRate",
        args: [market.address],
        blockNumber,
      })
      .catch((error) => {
        // a market whose YT the static router cannot price (expired): worth nothing
        if (isWrongContract(error)) return 0n;
        throw error;
      }),
    oraclePrice(ctx.config, client, chain, market.asset.address),
  ]);
  const value = (raw: bigint, assetPerUnit: bigint) =>
    usdValue((raw * assetPerUnit) / ONE, market.asset, usd);
  const lpToAsset = lpRate(state);
  const position = {
    marketId: id(client.chain!.id, market.address),
    pt: { valuation: value(pt, state.ptToAsset), balance: formatUnits(pt, market.pt.decimals) },
    yt: { valuation: value(yt, ytToAsset), balance: formatUnits(yt, market.pt.decimals) },
    lp: {
      valuation: value(lp, lpToAsset),
      balance: formatUnits(lp, 18),
      activeBalance: formatUnits(active, 18),
    },
  };
  return { position, holds: pt > 0n || yt > 0n || lp > 0n, syRaw: sy };
}

/** Asset per LP (1e18): the pool's value over its LP supply. */
function lpRate(state: PendleMarketState): bigint {
  return state.totalLp > 0n ? (marketLiquidity(state) * ONE) / state.totalLp : 0n;
}

/** The markets whose PT, YT or LP `user` ever received (Transfer events to it), up to `toBlock`. */
async function everReceived(
  client: PublicClient,
  logs: LogReader,
  markets: PendleMarket[],
  user: Address,
  toBlock: bigint,
): Promise<Set<Address>> {
  if (!markets.length) return new Set();
  const owner = new Map<string, Address>();
  for (const m of markets)
    for (const a of [m.pt.address, m.yt, m.address]) owner.set(a.toLowerCase(), m.address);
  const found = await logs.getLogs(client, {
    address: [...owner.keys()].map((a) => getAddress(a)),
    event: TRANSFER,
    args: { to: user },
    toBlock,
  });
  return new Set(found.map((l) => owner.get(l.address.toLowerCase())!));
}
