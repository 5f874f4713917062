import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { addFiat, formatFiat } from "./format.ts";

/** What the person gets and pays: USDC out, each fee on its own line, the card total. */
export function OnrampQuoteDetails() {
  const { state } = useOnrampContext();
  const testId = useTestIds();
  const q = state.quote;
  const refreshing = state.phase === "quoting";
  if (!q)
    return refreshing ? (
      <p className="cw-muted" {...testId("quoting")}>
        Getting a quote…
      </p>
    ) : null;
  const c = q.fiat_currency;
  const total = addFiat(q.fiat_amount, q.fees.provider_fee, q.fees.network_fee);
  return (
    <section
      className={`cw-card cw-stack${refreshing ? " cw-busy" : ""}`}
      aria-label="Quote"
      aria-busy={refreshing}
      {...testId("quote")}
    >
      <div>
        <p className="cw-muted cw-hint">You receive on Ethereum</p>
        <p className="cw-receive" {...testId("output")}>
          {q.output_amount} USDC
        </p>
      </div>
      <dl className="cw-lines">
        <dt>Rate</dt>
        <dd>
          1 {c} = {q.exchange_rate} USDC
        </dd>
        <dt>Amount</dt>
        <dd>
          {formatFiat(q.fiat_amount)} {c}
        </dd>
        <dt>Provider fee</dt>
        <dd {...testId("provider-fee")}>
          {formatFiat(q.fees.provider_fee)} {c}
        </dd>
        <dt>Network fee</dt>
        <dd {...testId("network-fee")}>
          {formatFiat(q.fees.network_fee)} {c}
        </dd>
        <dt className="cw-total">Card total</dt>
        <dd className="cw-total" {...testId("total")}>
          {formatFiat(total)} {c}
        </dd>
      </dl>
      {state.notice && !state.payment ? (
        <p className="cw-notice" {...testId("notice")}>
          {state.notice}
        </p>
      ) : null}
    </section>
  );
}
