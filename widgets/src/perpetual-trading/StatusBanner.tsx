"use client";
import { usePerpetualTradingContext } from "./context.tsx";
import { shortAddress } from "./format.ts";
import type { TestIds } from "./test-ids.ts";

/** Where a flow stands, in words: which signature is asked for, what is happening, how it ended. */
export function StatusBanner({ ids }: { ids: TestIds }) {
  const { status, dismiss } = usePerpetualTradingContext();
  if (status.status === "idle") return null;
  const kind = status.status === "error" ? "error" : status.status === "success" ? "success" : "progress";
  let text: string;
  switch (status.status) {
    case "preparing":
      text = `${status.label}…`;
      break;
    case "signing":
      text = `Confirm in your wallet (${status.step}/${status.steps}): ${status.label}`;
      break;
    case "submitting":
      text = `${status.label}: sending to the venue…`;
      break;
    case "confirming":
      text = `${status.label}${status.txHash ? ` (tx ${shortAddress(status.txHash)})` : ""}…`;
      break;
    case "success":
      text = status.message;
      break;
    case "error":
      text = status.error.message;
      break;
  }
  return (
    <div
      className="pt-status"
      data-kind={kind}
      role={kind === "error" ? "alert" : "status"}
      aria-live="polite"
      {...ids("status")}
    >
      <span className={kind === "error" ? "cw-error" : kind === "success" ? "cw-success" : undefined}>
        {text}
      </span>
      {kind === "progress" ? null : (
        <button type="button" className="cw-button cw-secondary pt-small" onClick={dismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
