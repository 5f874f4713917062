import { type ReactNode, useEffect, useRef } from "react";
import { erc20Abi, formatUnits } from "viem";
import { useReadContract } from "wagmi";
import { useOnrampContext, useTestIds } from "./context.ts";
import { groupDigits, shortAddress } from "./format.ts";

/** USDC on Ethereum mainnet, where the on-ramp delivers. */
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" as const;

export interface OnrampSuccessProps {
  /** extra actions, e.g. the hosted page's link back to the partner */
  children?: ReactNode;
}

/** Delivered: the amount, the delivery transaction, and the wallet's USDC balance read from chain. */
export function OnrampSuccess({ children }: OnrampSuccessProps) {
  const { state, restart } = useOnrampContext();
  const testId = useTestIds();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = state.phase === "success";
  const to = state.status?.destination_address as `0x${string}` | undefined;
  // Read from chain through the host's wagmi config; hidden when it has no Ethereum chain.
  const balance = useReadContract({
    address: USDC,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: to ? [to] : undefined,
    chainId: 1,
    query: { enabled: done && !!to },
  });
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);
  if (!done || !state.status) return null;
  const { output_amount_delivered: amount, delivery_tx_hash: tx } = state.status;
  return (
    <section className="cw-stack" aria-labelledby="cw-onramp-success" {...testId("success")}>
      <h2 id="cw-onramp-success" ref={heading} tabIndex={-1} className="cw-success">
        USDC delivered
      </h2>
      <p>
        <strong {...testId("delivered-amount")}>{amount} USDC</strong> arrived in{" "}
        <span className="cw-mono" title={to}>
          {to ? shortAddress(to) : "your wallet"}
        </span>{" "}
        on Ethereum.
      </p>
      <dl className="cw-lines">
        <dt>Transaction</dt>
        <dd className="cw-mono cw-break" {...testId("tx-hash")}>
          {tx}
        </dd>
        {balance.data !== undefined ? (
          <>
            <dt>Wallet balance</dt>
            <dd {...testId("balance")}>{groupDigits(formatUnits(balance.data, 6))} USDC</dd>
          </>
        ) : null}
      </dl>
      <div className="cw-actions">
        {children}
        <button type="button" className="cw-button cw-secondary" onClick={restart} {...testId("buy-more")}>
          Buy more
        </button>
      </div>
    </section>
  );
}
