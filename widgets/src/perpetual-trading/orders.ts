import {
  type PerpetualTradingOpenOrder,
  type PerpetualTradingPosition,
  perpetualTradingActivity,
  perpetualTradingApproveBuilderFee,
  perpetualTradingCancelOrder,
  perpetualTradingEnableUnifiedAccount,
  perpetualTradingLimitOrder,
  perpetualTradingMarketOrder,
  perpetualTradingPositionTpsl,
  perpetualTradingSetLeverage,
} from "@compass/sdk";
import { orderOutcome, type Prepared } from "./execute.ts";
import { type FlowContext, runSteps, type Step, wordsOf } from "./flow.ts";

export interface OrderIntent {
  asset: string;
  side: "buy" | "sell";
  /** contracts, a multiple of the market's step */
  size: string;
  type: "market" | "limit";
  price?: string;
  timeInForce?: "gtc" | "alo";
  slippagePercent?: number;
  reduceOnly: boolean;
  leverage: number;
  /** default cross */
  marginMode?: "cross" | "isolated";
  /** trigger prices (USD) of a take profit and a stop loss placed with the order */
  takeProfit?: string;
  stopLoss?: string;
}

/** "0.01%" → tenths of a basis point, as the venue counts approvals. */
const tenthBps = (rate: string) => Math.round(Number(rate.replace(/%$/, "")) * 1000);

/** The setup an order needs and the order itself: unified account, leverage, builder approval, order. */
export function orderSteps(ctx: FlowContext, o: OrderIntent): Step[] {
  const owner = ctx.signer.address;
  const t = ctx.transport;
  const w = wordsOf(ctx);
  const builder = ctx.builder
    ? { address: ctx.builder.address, max_fee_rate: ctx.builder.maxFeeRate }
    : undefined;
  const nullable = (p: { typed_data: unknown } & Record<string, any>): Prepared | null =>
    p.typed_data ? (p as Prepared) : null;
  const steps: Step[] = [
    {
      label: w("enable"),
      prepare: async (signature_chain_id) =>
        nullable(await perpetualTradingEnableUnifiedAccount(t, { owner, signature_chain_id })),
    },
  ];
  if (!o.reduceOnly)
    steps.push({
      label: w("setLev", { asset: o.asset, lev: o.leverage, mode: w(`margin.${o.marginMode ?? "cross"}`) }),
      prepare: async () =>
        nullable(
          await perpetualTradingSetLeverage(t, {
            owner,
            asset: o.asset,
            leverage: o.leverage,
            // sent only when asked for: cross is every API's default
            ...(o.marginMode === "isolated" && { margin_mode: "isolated" as const }),
          }),
        ),
    });
  if (builder)
    steps.push({
      label: w("approve", { fee: builder.max_fee_rate }),
      prepare: async (signature_chain_id) => {
        const { builder_approval } = await perpetualTradingActivity(t, { owner, builder: builder.address });
        if ((builder_approval?.max_fee_tenth_bps ?? 0) >= tenthBps(builder.max_fee_rate)) return null;
        return perpetualTradingApproveBuilderFee(t, { owner, builder, signature_chain_id });
      },
    });
  steps.push({
    label: w(`step.${o.side}`, { size: o.size, asset: o.asset }),
    prepare: () => {
      const common = {
        owner,
        asset: o.asset,
        side: o.side,
        size: o.size,
        reduce_only: o.reduceOnly,
        builder,
        ...triggers(o),
      };
      return o.type === "market"
        ? perpetualTradingMarketOrder(t, { ...common, slippage_percent: o.slippagePercent })
        : perpetualTradingLimitOrder(t, {
            ...common,
            price: o.price!,
            time_in_force: o.timeInForce ?? "gtc",
          });
    },
  });
  return steps;
}

/** The API's take_profit / stop_loss fields for the prices set (market orders when triggered). */
const triggers = (o: { takeProfit?: string; stopLoss?: string }) => ({
  ...(o.takeProfit && { take_profit: { trigger_price: o.takeProfit } }),
  ...(o.stopLoss && { stop_loss: { trigger_price: o.stopLoss } }),
});

export async function placeOrder(ctx: FlowContext, o: OrderIntent): Promise<void> {
  const result = await runSteps(ctx, "order", orderSteps(ctx, o));
  const outcome = result && orderOutcome(result);
  const w = wordsOf(ctx);
  ctx.report(
    outcome && "filled" in outcome
      ? {
          status: "success",
          action: "order",
          message: w(`done.${o.side}`, {
            size: outcome.filled.totalSz,
            asset: o.asset,
            price: outcome.filled.avgPx,
          }),
          orderId: outcome.filled.oid,
        }
      : {
          status: "success",
          action: "order",
          message: w("resting", { side: w(o.side), size: o.size, asset: o.asset, price: o.price ?? "" }),
          orderId: outcome && "resting" in outcome ? outcome.resting.oid : undefined,
        },
  );
}

/** Closes a whole position with a reduce-only market order on the other side. */
export async function closePosition(ctx: FlowContext, p: PerpetualTradingPosition, slippagePercent?: number) {
  const side = p.side === "long" ? "sell" : "buy";
  const w = wordsOf(ctx);
  const result = await runSteps(ctx, "close", [
    {
      label: w("closeRow", { asset: p.asset, side: w(p.side) }),
      prepare: () =>
        perpetualTradingMarketOrder(ctx.transport, {
          owner: ctx.signer.address,
          asset: p.asset,
          side,
          size: p.size,
          reduce_only: true,
          slippage_percent: slippagePercent,
        }),
    },
  ]);
  const outcome = result && orderOutcome(result);
  ctx.report({
    status: "success",
    action: "close",
    message:
      outcome && "filled" in outcome
        ? w("closed", { size: outcome.filled.totalSz, asset: p.asset, price: outcome.filled.avgPx })
        : w("closedAll", { asset: p.asset }),
  });
}

export async function cancelOrder(ctx: FlowContext, o: PerpetualTradingOpenOrder) {
  const w = wordsOf(ctx);
  await runSteps(ctx, "cancel", [
    {
      label: w("cancelRow", { side: w(o.side), size: o.size, asset: o.asset }),
      prepare: () =>
        perpetualTradingCancelOrder(ctx.transport, {
          owner: ctx.signer.address,
          asset: o.asset,
          order_id: o.order_id,
        }),
    },
  ]);
  ctx.report({ status: "success", action: "cancel", message: w("cancelled", { asset: o.asset }) });
}

/** Sets (or replaces) the take profit and stop loss of an open position: trigger orders that follow it. */
export async function protectPosition(
  ctx: FlowContext,
  p: PerpetualTradingPosition,
  prices: { takeProfit?: string; stopLoss?: string },
) {
  const w = wordsOf(ctx);
  await runSteps(ctx, "order", [
    {
      label: w("tpslRow", { asset: p.asset, side: w(p.side) }),
      prepare: () =>
        perpetualTradingPositionTpsl(ctx.transport, {
          owner: ctx.signer.address,
          asset: p.asset,
          ...triggers(prices),
        }),
    },
  ]);
  ctx.report({ status: "success", action: "order", message: w("tpslSet", { asset: p.asset }) });
}
