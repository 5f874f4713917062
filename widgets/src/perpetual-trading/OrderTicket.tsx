"use client";
import { useState } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatPrice, formatUsd } from "./format.ts";
import { usePerpetualActivity, useSelectedMarket } from "./hooks.ts";
import {
  feeEstimate,
  liquidationPrice,
  MIN_ORDER_USD,
  marginRequired,
  onStep,
  percentToRate,
  sizeFromUsd,
  sizeStep,
} from "./math.ts";
import { placeOrder } from "./orders.ts";

type Side = "buy" | "sell";

/**
 * Market and limit orders: size in contracts or USD, leverage up to the market's max, preview before
 * signing. Mounted per market (keyed by ticker), so switching markets starts a fresh ticket.
 */
export function OrderTicket() {
  const ids = useTestIds();
  const { owner, busy, run, builder } = usePerpetualTradingContext();
  const market = useSelectedMarket();
  const account = usePerpetualActivity().data;
  const [type, setType] = useState<"market" | "limit">("market");
  const [side, setSide] = useState<Side>("buy");
  const [amount, setAmount] = useState("");
  const [unit, setUnit] = useState<"asset" | "usd">("asset");
  const [leverage, setLeverage] = useState(() => Math.min(5, market?.max_leverage ?? 5));
  const [reduceOnly, setReduceOnly] = useState(false);
  const [slippage, setSlippage] = useState("5");
  const [price, setPrice] = useState("");
  const [tif, setTif] = useState<"gtc" | "alo">("gtc");

  const asset = market?.asset;
  const maxLeverage = market?.max_leverage ?? 1;

  if (!market) return <section className="cw-card pt-empty">Pick a market to trade.</section>;
  const mark = Number(market.mark_price);
  const refPrice = type === "limit" && Number(price) > 0 ? Number(price) : mark;
  const size = unit === "usd" ? sizeFromUsd(Number(amount), refPrice, market.sz_decimals) : amount.trim();
  const contracts = Number(size);
  const notional = contracts * refPrice;
  const builderRate = builder ? percentToRate(builder.maxFeeRate) : 0;
  // Cross margin: the whole account backs the position (before connecting: just the margin it needs).
  const collateral = account?.account_value
    ? Number(account.account_value)
    : marginRequired(contracts, refPrice, leverage);
  const liq =
    contracts > 0
      ? liquidationPrice(
          side === "buy" ? "long" : "short",
          contracts,
          refPrice,
          collateral,
          market.max_leverage,
        )
      : null;

  const problem = !amount.trim()
    ? "Enter a size"
    : !(contracts > 0)
      ? unit === "usd"
        ? `Less than one step of ${sizeStep(market.sz_decimals)} ${asset}`
        : "Size must be greater than 0"
      : !onStep(size, market.sz_decimals)
        ? `${asset} trades in steps of ${sizeStep(market.sz_decimals)}`
        : !reduceOnly && notional < MIN_ORDER_USD
          ? `Orders must be worth at least $${MIN_ORDER_USD}`
          : type === "limit" && !(Number(price) > 0)
            ? "Enter a limit price above 0"
            : undefined;

  const submit = () =>
    run("order", (ctx) =>
      placeOrder(ctx, {
        asset: market.asset,
        side,
        size,
        type,
        price: type === "limit" ? price.trim() : undefined,
        timeInForce: tif,
        slippagePercent: type === "market" ? Number(slippage) : undefined,
        reduceOnly,
        leverage,
      }),
    );

  return (
    <section className="cw-card" aria-labelledby="pt-ticket" {...ids("ticket")}>
      <h2 id="pt-ticket">Trade {asset}</h2>
      <fieldset className="pt-seg">
        <legend className="cw-sr-only">Order type</legend>
        {(["market", "limit"] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={type === t}
            onClick={() => setType(t)}
            {...ids(`type-${t}`)}
          >
            {t === "market" ? "Market" : "Limit"}
          </button>
        ))}
      </fieldset>
      <fieldset className="pt-seg">
        <legend className="cw-sr-only">Side</legend>
        <button
          type="button"
          className="pt-buy"
          aria-pressed={side === "buy"}
          onClick={() => setSide("buy")}
          {...ids("side-buy")}
        >
          Buy / Long
        </button>
        <button
          type="button"
          className="pt-sell"
          aria-pressed={side === "sell"}
          onClick={() => setSide("sell")}
          {...ids("side-sell")}
        >
          Sell / Short
        </button>
      </fieldset>
      {type === "limit" ? (
        <div className="pt-field">
          <label className="cw-label" htmlFor="pt-price">
            Limit price (USD)
          </label>
          <input
            id="pt-price"
            className="cw-input"
            inputMode="decimal"
            placeholder={formatPrice(mark)}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            {...ids("price")}
          />
          <fieldset className="pt-seg">
            <legend className="cw-sr-only">Time in force</legend>
            <button type="button" aria-pressed={tif === "gtc"} onClick={() => setTif("gtc")}>
              Good till cancel
            </button>
            <button type="button" aria-pressed={tif === "alo"} onClick={() => setTif("alo")}>
              Post only
            </button>
          </fieldset>
        </div>
      ) : null}
      <div className="pt-field">
        <label className="cw-label" htmlFor="pt-size">
          Size ({unit === "usd" ? "USD" : asset})
        </label>
        <div className="pt-inline">
          <input
            id="pt-size"
            className="cw-input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={unit === "usd" ? "100" : sizeStep(market.sz_decimals).toString()}
            {...ids("size")}
          />
          <button
            type="button"
            className="cw-button cw-secondary pt-small"
            onClick={() => setUnit(unit === "usd" ? "asset" : "usd")}
            {...ids("unit")}
          >
            {unit === "usd" ? "USD" : asset}
          </button>
        </div>
        {unit === "usd" && contracts > 0 ? (
          <p className="pt-hint">
            ≈ {size} {asset}
          </p>
        ) : null}
      </div>
      {reduceOnly ? null : (
        <div className="pt-field">
          <label className="cw-label" htmlFor="pt-leverage">
            Leverage {leverage}× (max {maxLeverage}×, cross)
          </label>
          <input
            id="pt-leverage"
            type="range"
            min={1}
            max={maxLeverage}
            value={leverage}
            onChange={(e) => setLeverage(Number(e.target.value))}
            {...ids("leverage")}
          />
        </div>
      )}
      {type === "market" ? (
        <div className="pt-field">
          <label className="cw-label" htmlFor="pt-slippage">
            Max slippage (%)
          </label>
          <input
            id="pt-slippage"
            className="cw-input"
            inputMode="decimal"
            value={slippage}
            onChange={(e) => setSlippage(e.target.value)}
            {...ids("slippage")}
          />
        </div>
      ) : null}
      <label className="pt-inline pt-field">
        <input
          type="checkbox"
          checked={reduceOnly}
          onChange={(e) => setReduceOnly(e.target.checked)}
          {...ids("reduce-only")}
        />
        <span>Reduce only</span>
      </label>
      <dl className="pt-preview" {...ids("preview")}>
        <dt>{type === "market" ? "Est. entry" : "Limit"}</dt>
        <dd>{formatPrice(refPrice)}</dd>
        <dt>Order value</dt>
        <dd>{formatUsd(notional)}</dd>
        <dt>Margin required</dt>
        <dd>{reduceOnly ? "—" : formatUsd(marginRequired(contracts, refPrice, leverage))}</dd>
        <dt>Est. fee{builder ? ` (incl. partner ${builder.maxFeeRate})` : ""}</dt>
        <dd>{formatUsd(feeEstimate(contracts, refPrice, type === "limit" && tif === "alo", builderRate))}</dd>
        <dt>Est. liquidation</dt>
        <dd>{reduceOnly ? "—" : liq ? formatPrice(liq) : "None"}</dd>
      </dl>
      {problem && amount ? <p className="pt-hint cw-error">{problem}</p> : null}
      <button
        type="button"
        className="cw-button"
        style={{ width: "100%" }}
        disabled={!owner || busy || !!problem}
        onClick={submit}
        {...ids("submit")}
      >
        {!owner ? "Connect a wallet to trade" : `${side === "buy" ? "Buy" : "Sell"} ${asset}`}
      </button>
    </section>
  );
}
