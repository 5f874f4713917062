import { blockAtOrBefore } from "../../../kernel/chain/history.ts";
import type { Context } from "../../../kernel/context.ts";
import { aaveRead } from "./context.ts";
import { resolveReserveToken } from "./market.ts";
import { rateHistory, windowStats } from "./rates.ts";

const DAY = 86_400n;

/** The rate history of `days` ending at the read's block, and its time-weighted mean and standard deviation. */
export async function windowOf(
  ctx: Context,
  query: { chain: "arbitrum" | "base" | "ethereum"; token: string; days: number; block?: number },
) {
  const { market, logs, at, page } = await aaveRead(ctx, query.chain, query.block);
  const reserve = await resolveReserveToken(market, query.token, ["query", "token"]);
  const start = at.timestamp - BigInt(query.days) * DAY;
  const first = await blockAtOrBefore(market.client, start, at);
  const history = await rateHistory({
    market,
    logs,
    asset: reserve.asset,
    from: first.number,
    to: at.number,
    page,
  });
  return windowStats(history, start, at.timestamp, {
    symbol: reserve.symbol,
    chain: market.chain,
    loc: ["query", "block"],
  });
}
