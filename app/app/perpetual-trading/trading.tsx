"use client";
import { darkTheme } from "@compass/widgets";
import { PerpetualTradingWidget, type SponsorDeposit } from "@compass/widgets/perpetual-trading";

/** Relays through the app's own sponsor route (app/api/perpetual-trading/sponsor). */
const sponsorDeposit: SponsorDeposit = async (request) => {
  const res = await fetch("/api/perpetual-trading/sponsor", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const detail = Array.isArray(body.detail)
      ? body.detail.map((d: { msg: string }) => d.msg).join("; ")
      : body.detail;
    throw new Error(detail ?? `The deposit relay failed (HTTP ${res.status})`);
  }
  return body;
};

const theme = darkTheme();

export function Trading({ sponsored }: { sponsored: boolean }) {
  return (
    <PerpetualTradingWidget
      apiBaseUrl=""
      theme={theme}
      sponsorDeposit={sponsored ? sponsorDeposit : undefined}
    />
  );
}
