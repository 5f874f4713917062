"use client";
import { shortAddress } from "../kit/format.ts";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import type { PerpsMessages } from "./messages.ts";

/** Where a flow stands, in words: which signature is asked for, what is happening, how it ended. */
export function StatusBanner() {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const { status, dismiss } = usePerpetualTradingContext();
  if (status.status === "init") return null;
  const ended = status.status === "error" || status.status === "success";
  const kind = ended ? status.status : "progress";
  let text: string;
  switch (status.status) {
    case "signing":
      text = t("signing", { step: status.step, steps: status.steps, label: status.label });
      break;
    // preparing and sending read alike: the step, under way
    case "preparing":
    case "submitting":
      text = `${status.label}…`;
      break;
    case "confirming":
      text = `${status.label}${status.txHash ? ` (${shortAddress(status.txHash)})` : ""}…`;
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
          {t("dismiss")}
        </button>
      ) : null}
    </div>
  );
}
