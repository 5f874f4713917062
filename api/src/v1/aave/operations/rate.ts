import { defineOperation } from "../../../kernel/registry/define.ts";
import { readRatesAt, resolveAaveReserve } from "../../../protocols/aave/index.ts";
import { aaveRead } from "../domain/context.ts";
import { rateFigures } from "../domain/rates.ts";
import { AaveRateResponse, AaveTokenQuery } from "../schemas.ts";

export const rate = defineOperation({
  method: "GET",
  path: "/v1/aave/rate",
  summary: "Interest Rates",
  description:
    "The supply and borrow rates of `token`'s Aave v3 reserve on `chain` at `block` (or now), as fractions: APR (the pool's annual rate, simple) and APY (compounded every second, as the pool accrues), variable and stable. From the pool's last rate update at or before the block, so any block since the pool's deployment answers without archive state.",
  query: AaveTokenQuery("arbitrum"),
  response: AaveRateResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, logs, at, page } = await aaveRead(ctx, query.chain, query.block);
    const reserve = await resolveAaveReserve(client, market, query.token, ["query", "token"]);
    const update = await readRatesAt(
      { client, market, logs, asset: reserve.asset, symbol: reserve.symbol, page },
      at.number,
      ["query", "block"],
    );
    return Object.fromEntries(Object.entries(rateFigures(update)).map(([k, v]) => [k, String(v)])) as Record<
      keyof ReturnType<typeof rateFigures>,
      string
    >;
  },
});
