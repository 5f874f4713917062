import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { addFiat, formatFiat, formatToken } from "./format.ts";
import { useOnrampI18n } from "./messages.ts";

/** What the person gets and pays: USDC out, each fee on its own line, the card total. */
export function OnrampQuoteDetails() {
  const { state } = useOnrampContext();
  const { t, format } = useOnrampI18n();
  const testId = useTestIds();
  const q = state.quote;
  const refreshing = state.phase === "quoting";
  if (!q)
    return refreshing ? (
      <p className="cw-muted" {...testId("quoting")}>
        {t("quoting")}
      </p>
    ) : null;
  const c = q.fiat_currency;
  const money = (v: string) => formatFiat(format, v, c);
  const total = addFiat(q.fiat_amount, q.fees.provider_fee, q.fees.network_fee);
  return (
    <section
      className={`cw-card cw-stack${refreshing ? " cw-busy" : ""}`}
      aria-label={t("quote.label")}
      aria-busy={refreshing}
      {...testId("quote")}
    >
      <div>
        <p className="cw-muted cw-hint">{t("quote.receive")}</p>
        <p className="cw-receive cw-num" {...testId("output")}>
          {t("usdc", { amount: formatToken(format, q.output_amount) })}
        </p>
      </div>
      <dl className="cw-lines">
        <dt>{t("quote.rate")}</dt>
        <dd className="cw-num">
          {t("quote.rateValue", { currency: c, rate: formatToken(format, q.exchange_rate) })}
        </dd>
        <dt>{t("quote.amount")}</dt>
        <dd className="cw-num">{money(q.fiat_amount)}</dd>
        <dt>{t("quote.providerFee")}</dt>
        <dd className="cw-num" {...testId("provider-fee")}>
          {money(q.fees.provider_fee)}
        </dd>
        <dt>{t("quote.networkFee")}</dt>
        <dd className="cw-num" {...testId("network-fee")}>
          {money(q.fees.network_fee)}
        </dd>
        <dt className="cw-total">{t("quote.total")}</dt>
        <dd className="cw-total cw-num" {...testId("total")}>
          {money(total)}
        </dd>
      </dl>
      {state.notice && !state.payment ? (
        <p className="cw-notice" {...testId("notice")}>
          {t(`notice.${state.notice}`)}
        </p>
      ) : null}
    </section>
  );
}
