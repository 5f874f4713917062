"use client";
import { shortAddress } from "../kit/format.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";

/** Where a flow stands, in words: which signature is asked for, what is happening, how it ended. */
export function StatusBanner() {
  const ids = useTestIds();
  const { status, dismiss } = usePerpetualTradingContext();
  if (status.status === "init") return null;
  const ended = status.status === "error" || status.status === "success";
  const kind = ended ? status.status : "progress";
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
      <span className={ended ? `cw-${kind}` : undefined}>{text}</span>
      {ended ? (
        <button type="button" className="cw-button cw-secondary pt-small" onClick={dismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
