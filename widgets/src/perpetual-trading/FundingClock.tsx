"use client";
import { useEffect, useState } from "react";
import { formatCountdown, formatFunding } from "./format.ts";
import { msToFunding } from "./math.ts";

/** Next hourly funding and the selected market's rate. Client-only clock: the server renders a dash. */
export function FundingClock({ rate }: { rate: string | undefined }) {
  const [now, setNow] = useState<number | undefined>();
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="pt-hint">
      Funding {rate ? formatFunding(rate) : "—"}/h · next in{" "}
      {now === undefined ? "—" : formatCountdown(msToFunding(now))}
    </p>
  );
}
