import { blockAtOrBefore } from "../../../kernel/chain/history.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { readRateHistory, resolveAaveReserve, timeWeightedRates } from "../../../protocols/aave/index.ts";
import { aaveRead } from "./context.ts";
import { rateFigures } from "./rates.ts";

const DAY = 86_400n;

/**
 * The rate history of `days` ending at the read's block, and its time-weighted mean and standard deviation (a
 * 422 on the block when the reserve had no rate in that window).
 */
export async function windowOf(
  ctx: Context,
  query: { chain: "arbitrum" | "base" | "ethereum"; token: string; days: number; block?: number },
) {
  const { client, market, logs, at, page } = await aaveRead(ctx, query.chain, query.block);
  const reserve = await resolveAaveReserve(client, market, query.token, ["query", "token"]);
  const start = at.timestamp - BigInt(query.days) * DAY;
  const first = await blockAtOrBefore(client, start, at);
  const history = await readRateHistory({
    client,
    logs,
    market,
    asset: reserve.asset,
    from: first.number,
    to: at.number,
    page,
  });
  const stats = timeWeightedRates(history, start, at.timestamp, rateFigures);
  if (!stats)
    throw fieldError(
      ["query", "block"],
      `${reserve.symbol} had no rates on Aave v3 on ${market.chain} in that window`,
    );
  return stats;
}
