"use client";
import type { PerpetualTradingPosition } from "@compass/sdk";
import { useState } from "react";
import { useI18n } from "../kit/i18n.ts";
import { useTestIds } from "../kit/test-ids.ts";
import { usePerpetualTradingContext } from "./context.tsx";
import type { PerpsMessages } from "./messages.ts";
import { TriggerPrices } from "./order-ticket/inputs.tsx";
import { protectPosition } from "./orders.ts";

const PRICE = /^\d+(\.\d+)?$/;

/**
 * A position's take profit and stop loss, set in a row under it: trigger prices the venue watches (a new one
 * replaces the previous of its kind). `id` names the form for the row's TP/SL button (aria-controls).
 */
export function PositionTpSl({
  id,
  position,
  onDone,
}: {
  id: string;
  position: PerpetualTradingPosition;
  onDone(): void;
}) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  const { busy, run } = usePerpetualTradingContext();
  const [prices, setPrices] = useState({ takeProfit: "", stopLoss: "" });
  const set = Object.values(prices).filter(Boolean);
  const ok = set.length > 0 && set.every((p) => PRICE.test(p) && Number(p) > 0);
  return (
    <form
      id={id}
      className="pt-inline pt-protect"
      aria-label={t("tpslRow", { asset: position.asset, side: t(position.side) })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok || busy) return;
        onDone();
        void run("order", (ctx) =>
          protectPosition(ctx, position, {
            takeProfit: prices.takeProfit || undefined,
            stopLoss: prices.stopLoss || undefined,
          }),
        );
      }}
    >
      <TriggerPrices
        values={prices}
        onChange={(patch) => setPrices((x) => ({ ...x, ...patch }))}
        testId={`position-${position.asset}-`}
      />
      <button
        type="submit"
        className="cw-button pt-small"
        disabled={!ok || busy}
        {...ids(`position-${position.asset}-tpsl-save`)}
      >
        {t("save")}
      </button>
    </form>
  );
}
