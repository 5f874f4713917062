"use client";
import { useState } from "react";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import { formatUsd } from "./format.ts";
import { deposit, withdraw } from "./funds.ts";
import { usePerpetualActivity } from "./hooks.ts";

const DECIMAL = /^\d+(\.\d{1,6})?$/;

/** Account value and withdrawable, with deposit (USDC permit) and withdraw (to Arbitrum). */
export function AccountPanel() {
  const ids = useTestIds();
  const { owner, busy, run, sponsorDeposit } = usePerpetualTradingContext();
  const { data } = usePerpetualActivity();
  const [depositAmount, setDepositAmount] = useState("");
  const [withdrawAmount, setWithdrawAmount] = useState("");
  if (!owner)
    return (
      <section className="cw-card" aria-labelledby="pt-account">
        <h2 id="pt-account">Account</h2>
        <p className="pt-empty">Connect a wallet to see your account, deposit and trade.</p>
      </section>
    );
  const withdrawable = Number(data?.withdrawable ?? 0);
  const depositOk = DECIMAL.test(depositAmount) && Number(depositAmount) >= 5;
  const withdrawOk =
    DECIMAL.test(withdrawAmount) && Number(withdrawAmount) > 1 && Number(withdrawAmount) <= withdrawable;
  return (
    <section className="cw-card" aria-labelledby="pt-account">
      <h2 id="pt-account">Account</h2>
      <dl className="pt-preview">
        <dt>Account value</dt>
        <dd {...ids("account-value")}>{formatUsd(data?.account_value)}</dd>
        <dt>Withdrawable</dt>
        <dd {...ids("withdrawable")}>{formatUsd(data?.withdrawable)}</dd>
      </dl>
      <div className="pt-field">
        <label className="cw-label" htmlFor="pt-deposit">
          Deposit USDC from Arbitrum
        </label>
        <div className="pt-inline">
          <input
            id="pt-deposit"
            className="cw-input"
            inputMode="decimal"
            placeholder="100"
            value={depositAmount}
            onChange={(e) => setDepositAmount(e.target.value)}
            {...ids("deposit-amount")}
          />
          <button
            type="button"
            className="cw-button pt-small"
            disabled={busy || !depositOk}
            onClick={() => run("deposit", (ctx) => deposit(ctx, depositAmount, sponsorDeposit))}
            {...ids("deposit-submit")}
          >
            Deposit
          </button>
        </div>
        <p className="pt-hint">
          Minimum 5 USDC. You sign a permit
          {sponsorDeposit ? "; gas is sponsored" : " and send it on Arbitrum (you pay gas)"}.
        </p>
      </div>
      <div className="pt-field">
        <label className="cw-label" htmlFor="pt-withdraw">
          Withdraw to Arbitrum
        </label>
        <div className="pt-inline">
          <input
            id="pt-withdraw"
            className="cw-input"
            inputMode="decimal"
            placeholder="50"
            value={withdrawAmount}
            onChange={(e) => setWithdrawAmount(e.target.value)}
            {...ids("withdraw-amount")}
          />
          <button
            type="button"
            className="cw-button cw-secondary pt-small"
            disabled={busy || !withdrawOk}
            onClick={() => run("withdraw", (ctx) => withdraw(ctx, withdrawAmount))}
            {...ids("withdraw-submit")}
          >
            Withdraw
          </button>
        </div>
        <p className="pt-hint">The venue keeps $1 per withdrawal.</p>
      </div>
    </section>
  );
}
