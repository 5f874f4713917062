"use client";
import { darkTheme } from "@compass/widgets";
import { PerpetualTradingWidget, type SponsorDeposit } from "@compass/widgets/perpetual-trading";
import { useMemo } from "react";
import { WithWalletLayer } from "../../lib/wallet/lazy.tsx";

/** Relays through the app's own sponsor route (app/api/perpetual-trading/sponsor), with the app's key. */
const relayWith =
  (publishableKey?: string): SponsorDeposit =>
  async (request) => {
    const res = await fetch("/api/perpetual-trading/sponsor", {
      method: "POST",
      headers: { "content-type": "application/json", ...(publishableKey && { "x-api-key": publishableKey }) },
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

/** The widget reads the venue through react-query and signs with wagmi: it renders once the wallet layer is loaded. */
export function Trading({ sponsored, publishableKey }: { sponsored: boolean; publishableKey?: string }) {
  const sponsorDeposit = useMemo(() => relayWith(publishableKey), [publishableKey]);
  return (
    <WithWalletLayer fallback={<p aria-busy="true">Loading the trading widget…</p>}>
      <PerpetualTradingWidget theme={theme} sponsorDeposit={sponsored ? sponsorDeposit : undefined} />
    </WithWalletLayer>
  );
}
