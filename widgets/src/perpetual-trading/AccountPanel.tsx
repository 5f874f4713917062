"use client";
import { useId, useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatUsd } from "./format.ts";
import { deposit, withdraw } from "./funds.ts";
import { usePerpetualActivity } from "./hooks.ts";
import type { PerpsMessages } from "./messages.ts";

const DECIMAL = /^\d+(\.\d{1,6})?$/;

/** Account value and withdrawable, with deposit (USDC permit) and withdraw (to Arbitrum). */
export function AccountPanel() {
  const ids = useTestIds();
  const { t, format } = useI18n<PerpsMessages>();
  const id = useId();
  const { owner, busy, run, sponsorDeposit } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  const [depositAmount, setDepositAmount] = useState("");
  const [withdrawAmount, setWithdrawAmount] = useState("");
  const heading = <h2 id={`${id}h`}>{t("account")}</h2>;
  if (!owner)
    return (
      <div className="cw-card">
        {heading}
        <p className="pt-empty">{t("noWallet")}</p>
      </div>
    );
  const withdrawable = Number(data?.withdrawable ?? 0);
  const depositOk = DECIMAL.test(depositAmount) && Number(depositAmount) >= 5;
  const withdrawOk =
    DECIMAL.test(withdrawAmount) && Number(withdrawAmount) > 1 && Number(withdrawAmount) <= withdrawable;
  return (
    <div className="cw-card">
      {heading}
      <dl className="pt-preview">
        <dt>{t("equity")}</dt>
        <dd {...ids("account-value")}>{formatUsd(format, data?.account_value)}</dd>
        <dt>{t("free")}</dt>
        <dd {...ids("withdrawable")}>{formatUsd(format, data?.withdrawable)}</dd>
      </dl>
      <form
        className="pt-field"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && depositOk) void run("deposit", (ctx) => deposit(ctx, depositAmount, sponsorDeposit));
        }}
      >
        <label className="cw-label" htmlFor={`${id}d`}>
          {t("depFrom")}
        </label>
        <div className="pt-inline">
          <input
            id={`${id}d`}
            className="cw-input"
            inputMode="decimal"
            placeholder="100"
            aria-describedby={`${id}dh`}
            value={depositAmount}
            onChange={(e) => setDepositAmount(e.target.value)}
            {...ids("deposit-amount")}
          />
          <button
            type="submit"
            className="cw-button pt-small"
            disabled={busy || !depositOk}
            {...ids("deposit-submit")}
          >
            {t("deposit")}
          </button>
        </div>
        {depositOk && (
          // what signing does, before the wallet opens: the venue credits USDC one for one
          <p className="pt-hint" aria-live="polite" {...ids("deposit-preview")}>
            {t("depositPreview", { amount: format.number(depositAmount) })}
          </p>
        )}
        <p className="pt-hint" id={`${id}dh`}>
          {t(sponsorDeposit ? "hintS" : "hint")}
        </p>
      </form>
      <form
        className="pt-field"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && withdrawOk) void run("withdraw", (ctx) => withdraw(ctx, withdrawAmount));
        }}
      >
        <label className="cw-label" htmlFor={`${id}w`}>
          {t("wdTo")}
        </label>
        <div className="pt-inline">
          <input
            id={`${id}w`}
            className="cw-input"
            inputMode="decimal"
            placeholder="50"
            aria-describedby={`${id}wh`}
            value={withdrawAmount}
            onChange={(e) => setWithdrawAmount(e.target.value)}
            {...ids("withdraw-amount")}
          />
          <button
            type="submit"
            className="cw-button cw-secondary pt-small"
            disabled={busy || !withdrawOk}
            {...ids("withdraw-submit")}
          >
            {t("withdraw")}
          </button>
        </div>
        {withdrawOk && (
          // the venue pays out on Arbitrum less its $1 fee
          <p className="pt-hint" aria-live="polite" {...ids("withdraw-preview")}>
            {t("withdrawPreview", {
              received: format.number((Math.round((Number(withdrawAmount) - 1) * 1e6) / 1e6).toString()),
            })}
          </p>
        )}
        <p className="pt-hint" id={`${id}wh`}>
          {t("wdHint")}
        </p>
      </form>
    </div>
  );
}
