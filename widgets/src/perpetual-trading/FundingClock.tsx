"use client";
import { useEffect, useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { formatCountdown, formatFunding, ltr } from "./format.ts";
import { msToFunding } from "./math.ts";
import type { PerpsMessages } from "./messages.ts";

/** Next hourly funding and the selected market's rate. Client-only clock: the server renders a dash. */
export function FundingClock({ rate }: { rate: string | undefined }) {
  const { t, format, dir } = useI18n<PerpsMessages>();
  const [now, setNow] = useState<number | undefined>();
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="pt-hint">
      {t("funding", {
        rate: rate ? ltr(dir, formatFunding(format, rate)) : "—",
        time: now === undefined ? "—" : ltr(dir, formatCountdown(msToFunding(now))),
      })}
    </p>
  );
}
