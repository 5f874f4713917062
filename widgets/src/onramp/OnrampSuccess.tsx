import { type ReactNode, useEffect, useRef, useState } from "react";
import { shortAddress } from "../kit/format.ts";
import { rich } from "../kit/rich.tsx";
import { useTestIds } from "../kit/test-ids.ts";
import { useOnrampContext } from "./context.ts";
import { formatToken } from "./format.ts";
import { useOnrampI18n } from "./messages.ts";
import { useOptionalWagmiConfig } from "./wallet.ts";

export interface OnrampSuccessProps {
  /** extra actions, e.g. the hosted page's link back to the partner */
  children?: ReactNode;
}

/** Delivered: the amount, the delivery transaction, and the wallet's USDC balance read from chain. */
export function OnrampSuccess({ children }: OnrampSuccessProps) {
  const { state, restart } = useOnrampContext();
  const { t, format } = useOnrampI18n();
  const testId = useTestIds();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = state.phase === "success";
  const to = state.status?.destination_address as `0x${string}` | undefined;
  const tx = state.status?.delivery_tx_hash;
  // Read from chain through the host's wagmi config once delivered; hidden when the host has no wagmi
  // provider (yet) or no Ethereum chain. The reading code loads on demand.
  const config = useOptionalWagmiConfig();
  const [balance, setBalance] = useState<{ tx: string; value: string } | null>(null);
  useEffect(() => {
    if (!done || !to || !tx || !config) return;
    let live = true;
    import("./balance.ts")
      .then(({ readUsdcBalance }) => readUsdcBalance(config, to))
      .then(
        (value) => live && setBalance({ tx, value }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [done, to, tx, config]);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);
  if (!done || !state.status) return null;
  const amount = state.status.output_amount_delivered;
  return (
    <section className="cw-stack" aria-labelledby="cw-onramp-success" {...testId("success")}>
      <h2 id="cw-onramp-success" ref={heading} tabIndex={-1} className="cw-success">
        {t("done.title")}
      </h2>
      <p>
        {rich(t("done.text"), {
          amount: (
            <strong className="cw-num" {...testId("delivered-amount")}>
              {t("usdc", { amount: formatToken(format, amount ?? "0") })}
            </strong>
          ),
          address: to ? (
            <bdi className="cw-mono" dir="ltr" title={to}>
              {shortAddress(to)}
            </bdi>
          ) : (
            t("pay.wallet")
          ),
        })}
      </p>
      <dl className="cw-lines">
        <dt>{t("done.tx")}</dt>
        <dd className="cw-break" {...testId("tx-hash")}>
          <bdi className="cw-mono" dir="ltr">
            {tx}
          </bdi>
        </dd>
        {balance && balance.tx === tx ? (
          <>
            <dt>{t("done.balance")}</dt>
            <dd className="cw-num" {...testId("balance")}>
              {t("usdc", { amount: formatToken(format, balance.value) })}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="cw-actions">
        {children}
        <button type="button" className="cw-button cw-secondary" onClick={restart} {...testId("buy-more")}>
          {t("done.more")}
        </button>
      </div>
    </section>
  );
}
