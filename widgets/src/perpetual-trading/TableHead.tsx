"use client";
import { useI18n } from "../kit/i18n.ts";
import type { PerpsMessages } from "./messages.ts";

type Key = keyof PerpsMessages & string;

/**
 * A table's column headers from catalog keys: the first column reads from the start, the others are numbers
 * (aligned to the end); `actions` adds a last column for row buttons, named for screen readers only.
 */
export function TableHead({ columns, actions }: { columns: Key[]; actions?: boolean }) {
  const { t } = useI18n<PerpsMessages>();
  return (
    <thead>
      <tr>
        {columns.map((key, i) => (
          <th key={key} scope="col" className={i ? "pt-num" : undefined}>
            {t(key)}
          </th>
        ))}
        {actions ? (
          <th scope="col" className="pt-num">
            <span className="cw-sr-only">{t("actions")}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
