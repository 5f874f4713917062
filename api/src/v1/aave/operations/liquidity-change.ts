import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import {
  liquidityIndexAt,
  readAaveBlock,
  readRatesAt,
  resolveAaveReserve,
} from "../../../protocols/aave/index.ts";
import { aaveRead, v1Market } from "../domain/context.ts";
import { AaveLiquidityChangeQuery, AaveLiquidityChangeResponse } from "../schemas.ts";

export const liquidityChange = defineOperation({
  method: "GET",
  path: "/v1/aave/liquidity/change",
  summary: "Liquidity Index",
  description:
    "How much `token`'s Aave v3 liquidity index grew between `start_block` and `end_block`, in percent: what a deposit held over that span earned (the index at each block is the pool's last update before it, grown at its rate, as the pool computes it).",
  query: AaveLiquidityChangeQuery,
  response: AaveLiquidityChangeResponse,
  widget: false,
  cli: { short: { chain: "c", token: "t" } },
  async handler({ query }, ctx) {
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
  },
});
