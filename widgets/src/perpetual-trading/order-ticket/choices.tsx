"use client";
/** The ticket's either-or choices: a row of pressed/unpressed buttons per field. */
import { useI18n } from "../../kit/i18n.ts";
import { useTestIds } from "../../kit/test-ids.ts";
import type { PerpsMessages } from "../messages.ts";
import type { OrderTicketPartProps } from "./part.ts";
import type { OrderTicketInput } from "./ticket.ts";

type Choice = "type" | "side" | "timeInForce" | "marginMode";

/**
 * A row of pressed/unpressed buttons setting one field of the ticket; `legend` and each label are catalog
 * keys (no legend where the buttons name the choice themselves: Market / Limit); `testId` names each
 * `<testId>-<value>`.
 */
export function Segmented<F extends Choice>({
  legend,
  field,
  options,
  ticket,
  set,
  testId,
}: Pick<OrderTicketPartProps, "ticket" | "set"> & {
  legend?: keyof PerpsMessages & string;
  field: F;
  options: { value: OrderTicketInput[F]; label: keyof PerpsMessages & string; className?: string }[];
  testId?: string;
}) {
  const ids = useTestIds();
  const { t } = useI18n<PerpsMessages>();
  return (
    <fieldset className="pt-seg">
      {legend ? <legend className="cw-sr-only">{t(legend)}</legend> : null}
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={o.className}
          aria-pressed={ticket[field] === o.value}
          onClick={() => set({ [field]: o.value })}
          {...(testId ? ids(`${testId}-${o.value}`) : {})}
        >
          {t(o.label)}
        </button>
      ))}
    </fieldset>
  );
}

const TYPES = [
  { value: "market" as const, label: "type.market" as const },
  { value: "limit" as const, label: "type.limit" as const },
];

export function OrderTypeToggle(p: OrderTicketPartProps) {
  return <Segmented {...p} field="type" options={TYPES} testId="type" />;
}

const SIDES = [
  { value: "buy" as const, label: "side.buy" as const, className: "pt-buy" },
  { value: "sell" as const, label: "side.sell" as const, className: "pt-sell" },
];

export function SideToggle(p: OrderTicketPartProps) {
  return <Segmented {...p} field="side" options={SIDES} testId="side" />;
}

const MARGIN_MODES = [
  { value: "cross" as const, label: "margin.cross" as const },
  { value: "isolated" as const, label: "margin.isolated" as const },
];

/** Cross (the account backs the position) or isolated (only its own margin does). */
export function MarginModeToggle(p: OrderTicketPartProps) {
  return <Segmented {...p} legend="margin" field="marginMode" options={MARGIN_MODES} testId="margin" />;
}
