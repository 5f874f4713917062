import { type Address, formatUnits, getAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { Context } from "../../../kernel/context.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  chainPendleMarkets,
  everReceived,
  feeRate,
  impliedApyPercent,
  inAsset,
  listedPendleMarkets,
  lpToAsset,
  marketLiquidity,
  type PendleDeployment,
  type PendleMarket,
  readHoldings,
  readPendleMarket,
  readPendleState,
  readYieldToken,
  requirePendle,
  underlyingApys,
} from "../../../protocols/pendle/index.ts";

const ONE = 10n ** 18n;
/** a market created within this long is listed as new */
const NEW_FOR = 14n * 86_400n;
export const iso = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString();
const id = (chainId: number, address: Address) => `${chainId}-${address.toLowerCase()}`;

/** The chain's client and Pendle deployment, a 422 on `chain` where Pendle is not deployed. */
export function pendleOn(ctx: Context, chain: ChainName, at: "query" | "body") {
  const client = ctx.services.chains.get(chain, [at, "chain"]);
  const pendle = requirePendle(ctx.config, chain, [at, "chain"]);
  return { client, pendle };
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
    const listed = new Set(listedPendleMarkets(ctx.config, chain).values());
    const markets = await Promise.all(
      addresses.map(async (address) => {
        const market = await readPendleMarket(client, chain, pendle, address, ["query", "chain"]);
        const created = await logs.deploymentBlock(client, address);
        const stateRead = readPendleState(client, pendle, market, head.number);
        const [state, yieldToken, usd, createdAt, [day, week]] = await Promise.all([
          stateRead,
          readYieldToken(client, market),
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
          underlyingAsset: id(chainId, yieldToken),
          details: {
            liquidity: usdValue(liquidity, market.asset, usd),
            pendleApy: 0,
            impliedApy: implied,
            feeRate: feeRate(state),
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

/** The wallet's PT, YT and LP of one market at a block, each with its USD value at the market's rates. */
async function marketHoldings(
  ctx: Context,
  client: PublicClient,
  chain: ChainName,
  pendle: PendleDeployment,
  market: PendleMarket,
  user: Address,
  blockNumber: bigint,
) {
  const [h, usd] = await Promise.all([
    readHoldings(client, pendle, market, user, blockNumber),
    oraclePrice(ctx.config, client, chain, market.asset.address),
  ]);
  const value = (raw: bigint, assetPerUnit: bigint) =>
    usdValue(inAsset(raw, assetPerUnit), market.asset, usd);
  const position = {
    marketId: id(client.chain!.id, market.address),
    pt: { valuation: value(h.pt, h.state.ptToAsset), balance: formatUnits(h.pt, market.pt.decimals) },
    yt: { valuation: value(h.yt, h.ytToAsset), balance: formatUnits(h.yt, market.pt.decimals) },
    lp: {
      valuation: value(h.lp, lpToAsset(h.state)),
      balance: formatUnits(h.lp, 18),
      activeBalance: formatUnits(h.activeLp, 18),
    },
  };
  return { position, holds: h.pt > 0n || h.yt > 0n || h.lp > 0n, syRaw: h.sy };
}
