import type { z } from "zod";
import { UpstreamError } from "../../../kernel/errors.ts";
import { ACTIVITY_SECTIONS, type ActivityQuery } from "../schemas.ts";
import type { FrontendOpenOrders, MaxBuilderFee, UserFills } from "../venue/wire.ts";
import { readAccount } from "./account.ts";
import { DEX, loadMarkets } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";
import { toAccount, toFill, toOpenOrder } from "./views.ts";

type Section = (typeof ACTIVITY_SECTIONS)[number];

/**
 * GET /v2/perpetual_trading/activity: the trader's positions, fills, open orders and (with `builder`) builder
 * approval, fetched in parallel. A failed section is null and listed in `partial_errors`; only when every
 * requested section fails is the answer a 502.
 */
export async function readActivity(ctx: PerpetualTradingContext, query: z.output<typeof ActivityQuery>) {
  const venue = ctx.services.venue;
  const { owner, builder } = query;
  const tasks: Record<Section, Promise<unknown> | undefined> = {
    positions: Promise.all([loadMarkets(venue, ctx.signal), readAccount(venue, owner, ctx.signal)]).then(
      ([markets, account]) => toAccount(account, markets),
    ),
    fills: venue
      .info<UserFills>({ type: "userFills", user: owner }, ctx.signal)
      .then((rows) => rows.filter((f) => f.coin.startsWith(`${DEX}:`)).map(toFill)),
    open_orders: venue
      .info<FrontendOpenOrders>({ type: "frontendOpenOrders", user: owner, dex: DEX }, ctx.signal)
      .then((rows) => rows.map(toOpenOrder)),
    builder_approval: builder
      ? venue
          .info<MaxBuilderFee>({ type: "maxBuilderFee", user: owner, builder }, ctx.signal)
          .then((fee) => ({
            builder,
            max_fee_tenth_bps: fee,
            approved: fee > 0,
          }))
      : undefined,
  };
  const requested = ACTIVITY_SECTIONS.filter((s) => tasks[s]);
  const settled = await Promise.allSettled(requested.map((s) => tasks[s]!));
  const value = (s: Section): any => {
    const r = settled[requested.indexOf(s)];
    return r?.status === "fulfilled" ? r.value : null;
  };
  const partial_errors = requested.flatMap((s, i) => {
    const r = settled[i]!;
    if (r.status === "fulfilled") return [];
    ctx.log.warn({ section: s, err: String(r.reason) }, "activity section failed");
    return [{ section: s, message: (r.reason as Error)?.message ?? String(r.reason) }];
  });
  if (partial_errors.length === requested.length)
    throw new UpstreamError(
      "venue",
      `Perpetuals venue: every section failed (${partial_errors[0]!.message})`,
    );
  const account = value("positions");
  return {
    owner,
    positions: account?.positions ?? null,
    account_value: account?.account_value ?? null,
    withdrawable: account?.withdrawable ?? null,
    fills: value("fills"),
    open_orders: value("open_orders"),
    ...(builder && { builder_approval: value("builder_approval") }),
    ...(partial_errors.length && { partial_errors }),
  };
}
