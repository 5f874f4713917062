import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveRead } from "../domain/context.ts";
import { readHistory } from "../domain/positions.ts";
import { reservesAt } from "../domain/reserves.ts";
import { AaveHistoricalTransactionsResponse, AaveHistoryQuery } from "../schemas.ts";

export const historicalTransactions = defineOperation({
  method: "GET",
  path: "/v1/aave/historical_transactions",
  summary: "Historical Transactions",
  description:
    "`user_address`'s Aave v3 transactions on `chain`, newest first: supplies, withdrawals (RedeemUnderlying), borrows, repayments and liquidations, from the pool's own events, each with its amount and the token's USD price at the oracle now.",
  query: AaveHistoryQuery,
  response: AaveHistoricalTransactionsResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const { client, market, logs } = await aaveRead(ctx, query.chain);
    return readHistory({
      client,
      market,
      logs,
      user: query.user_address,
      reserves: await reservesAt(client, market, "latest"),
      offset: query.offset,
      limit: query.limit,
    });
  },
});
