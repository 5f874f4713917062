import type { z } from "zod";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import {
  liquidityIndexAt,
  readAaveBlock,
  readRatesAt,
  resolveAaveReserve,
} from "../../../protocols/aave/index.ts";
import type { AaveLiquidityChangeQuery } from "../schemas.ts";
import { aaveRead, v1Market } from "./context.ts";

/**
 * GET /v1/aave/liquidity/change: how much the reserve's liquidity index grew between two blocks, in percent (the
 * index at each block the pool's last update before it, grown at its rate).
 */
export async function liquidityIndexChange(ctx: Context, query: z.output<typeof AaveLiquidityChangeQuery>) {
  if (query.end_block < query.start_block)
    throw fieldError(["query", "end_block"], "end_block must not be before start_block");
  // the token first: a bad token is named even when the blocks are out of reach too
  const client = ctx.services.chains.get(query.chain, ["query", "chain"]);
  const market = v1Market(ctx.config, query.chain);
  const reserve = await resolveAaveReserve(client, market, query.token, ["query", "token"]);
  const { logs, at: end, page } = await aaveRead(ctx, query.chain, query.end_block, ["query", "end_block"]);
  const start = await readAaveBlock(client, market, logs, query.start_block, ["query", "start_block"]);
  const history = { client, market, logs, asset: reserve.asset, symbol: reserve.symbol, page };
  const [from, to] = await Promise.all([
    readRatesAt(history, start.number, ["query", "start_block"]),
    readRatesAt(history, end.number, ["query", "end_block"]),
  ]);
  const [a, b] = [liquidityIndexAt(from, start.timestamp), liquidityIndexAt(to, end.timestamp)];
  const change = (Number(b) / Number(a) - 1) * 100;
  return {
    liquidity_change: String(change),
    start_time: new Date(Number(start.timestamp) * 1000).toISOString(),
    end_time: new Date(Number(end.timestamp) * 1000).toISOString(),
  };
}
