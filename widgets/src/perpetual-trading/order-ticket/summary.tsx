"use client";
/** The end of the ticket: what the order comes to, and the button that places it. */
import { useI18n } from "../../kit/i18n.ts";
import { useTestIds } from "../../kit/test-ids.ts";
import { usePerpetualTradingContext } from "../context.tsx";
import { formatPrice, formatUsd } from "../format.ts";
import { usePerpetualActivity } from "../hooks.ts";
import { feeEstimate, liquidationPrice, marginRequired, percentToRate } from "../math.ts";
import type { PerpsMessages } from "../messages.ts";
import type { OrderTicketPartProps } from "./part.ts";
import { ticketSize } from "./ticket.ts";

/**
 * Entry, value, margin, fee and liquidation estimates; a reduce-only order needs no margin and adds no risk (a dash,
 * as for a position that cannot be liquidated).
 */
export function OrderSummary({ ticket, market }: OrderTicketPartProps) {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const fee = usePerpetualTradingContext().builder?.maxFeeRate;
  const account = usePerpetualActivity().data?.account_value;
  const { size, refPrice } = ticketSize(ticket, market);
  const contracts = Number(size);
  const margin = marginRequired(contracts, refPrice, ticket.leverage);
  const side = ticket.side === "buy" ? "long" : "short";
  // Cross margin: the whole account backs the position (before connecting: just the margin it needs);
  // isolated: only the margin put up for it.
  const collateral = ticket.marginMode === "cross" && account ? Number(account) : margin;
  const liq =
    contracts > 0 ? liquidationPrice(side, contracts, refPrice, collateral, market.max_leverage) : null;
  const { reduceOnly } = ticket;
  return (
    <dl className="pt-preview" {...ids("preview")}>
      <dt>{t(ticket.type === "market" ? "entry" : "type.limit")}</dt>
      <dd>{formatPrice(format, refPrice)}</dd>
      <dt>{t("value")}</dt>
      <dd>{formatUsd(format, contracts * refPrice)}</dd>
      <dt>{t("margin")}</dt>
      <dd>{reduceOnly ? "—" : formatUsd(format, margin)}</dd>
      <dt>{fee ? `${t("fee")} (${fee})` : t("fee")}</dt>
      <dd>
        {formatUsd(
          format,
          feeEstimate(
            contracts,
            refPrice,
            ticket.type === "limit" && ticket.timeInForce === "alo",
            fee ? percentToRate(fee) : 0,
          ),
        )}
      </dd>
      <dt>{t("liq")}</dt>
      <dd>{reduceOnly || !liq ? "—" : formatPrice(format, liq)}</dd>
    </dl>
  );
}

/**
 * Places the order (a valid ticket only), naming it ("Buy 0.01 GOLD"), or only its side while there is no size;
 * without a wallet it says what is missing.
 */
export function SubmitOrder({
  ticket,
  market,
  valid,
  describedBy,
}: OrderTicketPartProps & { valid: boolean; describedBy?: string }) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const { owner, busy } = usePerpetualTradingContext();
  const { size } = ticketSize(ticket, market);
  return (
    <button
      type="submit"
      className={`cw-button pt-submit ${ticket.side === "buy" ? "pt-buy" : "pt-sell"}`}
      disabled={!owner || busy || !valid}
      aria-describedby={describedBy}
      {...ids("submit")}
    >
      {!owner
        ? t("connect")
        : Number(size) > 0
          ? t(`step.${ticket.side}`, { size, asset: market.asset })
          : t(`side.${ticket.side}`)}
    </button>
  );
}
