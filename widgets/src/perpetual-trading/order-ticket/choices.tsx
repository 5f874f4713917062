"use client";
/** The ticket's either-or choices: a row of pressed/unpressed buttons per field. */
import { useTestIds } from "../../kit/test-ids.ts";
import type { OrderTicketPartProps } from "./part.ts";
import type { OrderTicketInput } from "./ticket.ts";

type Choice = "type" | "side" | "timeInForce";

/** A row of pressed/unpressed buttons setting one field of the ticket; `testId` names each `<testId>-<value>`. */
export function Segmented<F extends Choice>({
  legend,
  field,
  options,
  ticket,
  set,
  testId,
}: Pick<OrderTicketPartProps, "ticket" | "set"> & {
  legend: string;
  field: F;
  options: { value: OrderTicketInput[F]; label: string; className?: string }[];
  testId?: string;
}) {
  const ids = useTestIds();
  return (
    <fieldset className="pt-seg">
      <legend className="cw-sr-only">{legend}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={o.className}
          aria-pressed={ticket[field] === o.value}
          onClick={() => set({ [field]: o.value })}
          {...(testId ? ids(`${testId}-${o.value}`) : {})}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

const TYPES = [
  { value: "market" as const, label: "Market" },
  { value: "limit" as const, label: "Limit" },
];

export function OrderTypeToggle(p: OrderTicketPartProps) {
  return <Segmented {...p} legend="Order type" field="type" options={TYPES} testId="type" />;
}

const SIDES = [
  { value: "buy" as const, label: "Buy / Long", className: "pt-buy" },
  { value: "sell" as const, label: "Sell / Short", className: "pt-sell" },
];

export function SideToggle(p: OrderTicketPartProps) {
  return <Segmented {...p} legend="Side" field="side" options={SIDES} testId="side" />;
}
