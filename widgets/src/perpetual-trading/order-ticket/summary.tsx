"use client";
/** The end of the ticket: what the order comes to, and the button that places it. */
import { useTestIds } from "../../kit/test-ids.ts";
import { usePerpetualTradingContext } from "../context.tsx";
import { formatPrice, formatUsd } from "../format.ts";
import { usePerpetualActivity } from "../hooks.ts";
import { feeEstimate, liquidationPrice, marginRequired, percentToRate } from "../math.ts";
import { placeOrder } from "../orders.ts";
import type { OrderTicketPartProps } from "./part.ts";
import { orderIntent, ticketSize } from "./ticket.ts";

/** Entry, value, margin, fee and liquidation estimates; a reduce-only order needs no margin and adds no risk. */
export function OrderSummary({ ticket, market }: OrderTicketPartProps) {
  const ids = useTestIds();
  const fee = usePerpetualTradingContext().builder?.maxFeeRate;
  const account = usePerpetualActivity().data?.account_value;
  const { size, refPrice } = ticketSize(ticket, market);
  const contracts = Number(size);
  const margin = marginRequired(contracts, refPrice, ticket.leverage);
  const side = ticket.side === "buy" ? "long" : "short";
  // Cross margin: the whole account backs the position (before connecting: just the margin it needs).
  const collateral = account ? Number(account) : margin;
  const liq =
    contracts > 0 ? liquidationPrice(side, contracts, refPrice, collateral, market.max_leverage) : null;
  const { reduceOnly } = ticket;
  return (
    <dl className="pt-preview" {...ids("preview")}>
      <dt>{ticket.type === "market" ? "Est. entry" : "Limit"}</dt>
      <dd>{formatPrice(refPrice)}</dd>
      <dt>Order value</dt>
      <dd>{formatUsd(contracts * refPrice)}</dd>
      <dt>Margin required</dt>
      <dd>{reduceOnly ? "—" : formatUsd(margin)}</dd>
      <dt>Est. fee{fee ? ` (incl. partner ${fee})` : ""}</dt>
      <dd>
        {formatUsd(
          feeEstimate(
            contracts,
            refPrice,
            ticket.type === "limit" && ticket.timeInForce === "alo",
            fee ? percentToRate(fee) : 0,
          ),
        )}
      </dd>
      <dt>Est. liquidation</dt>
      <dd>{reduceOnly ? "—" : liquidationText(liq)}</dd>
    </dl>
  );
}

const liquidationText = (price: number | null) => (price ? formatPrice(price) : "None");

/** Places the order (a valid ticket only); without a wallet it says what is missing. */
export function SubmitOrder({ ticket, market, valid }: OrderTicketPartProps & { valid: boolean }) {
  const ids = useTestIds();
  const { owner, busy, run } = usePerpetualTradingContext();
  const verb = ticket.side === "buy" ? "Buy" : "Sell";
  return (
    <button
      type="button"
      className="cw-button"
      style={{ width: "100%" }}
      disabled={!owner || busy || !valid}
      onClick={() => run("order", (ctx) => placeOrder(ctx, orderIntent(ticket, market)))}
      {...ids("submit")}
    >
      {owner ? `${verb} ${market.asset}` : "Connect a wallet to trade"}
    </button>
  );
}
