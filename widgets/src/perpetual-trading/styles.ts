/**
 * The widget's own rules, scoped under its root attribute (base rules come from WidgetRoot). Logical
 * properties throughout (inline/block, start/end), so a right-to-left locale mirrors the layout; figures (the
 * numeric cells, the ticket's and the book's) stay left to right, so a sign, a percent or a range keeps its
 * place, aligned to their cell's end all the same. The chart stays left to right (time runs rightwards). The
 * layout follows the widget's own width (a container query), not the page's: a widget in a sidebar stacks.
 */
const S = ':where([data-compass-widget="perpetual-trading"])';
/** the same widget laid out right to left */
const R = ':where([data-compass-widget="perpetual-trading"][dir="rtl"])';

export const PERPS_CSS = `
${S}{max-inline-size:1120px;container-type:inline-size}
${S} fieldset{border:0;padding:0;margin:0;min-inline-size:0}
${S} .pt-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.5fr) minmax(0,1fr);gap:12px}
${S} .pt-grid>*{min-inline-size:0}
@container (max-width:900px){${S} .pt-grid{grid-template-columns:minmax(0,1fr)}}
${S} .pt-wide{grid-column:1/-1}
${S} h2{font-size:14px;font-weight:700;margin-block-end:8px}
${S} table{inline-size:100%;border-collapse:collapse;font-size:12px}
${S} th{text-align:start;font-weight:600;color:var(--cw-muted);padding:4px;border-block-end:1px solid var(--cw-border)}
${S} tbody th{color:inherit;font-weight:inherit;white-space:nowrap}
${S} td{padding:6px 4px;border-block-end:1px solid var(--cw-border);font-variant-numeric:tabular-nums}
${S} :is(th,td):first-child{padding-inline-start:0}
${S} :is(th,td):last-child{padding-inline-end:0}
${S} :is(.pt-num,.pt-end){text-align:end;white-space:nowrap}
${S} th.pt-num{white-space:normal}
${S} :is(td.pt-num,.pt-preview dd,.pt-book button span){direction:ltr}
${R} :is(td.pt-num,.pt-preview dd,.pt-book button span:last-child){text-align:left}
${R} .pt-book button span:first-child{text-align:right}
${S} .pt-scroll{overflow-x:auto}
${S} .pt-row{cursor:pointer}
${S} .pt-row td:first-child{line-height:1.2}
${S} .pt-row td:first-child span{display:block;font-size:11px}
${S} .pt-row[aria-selected="true"]{background:var(--cw-surface-alt)}
${S} .pt-row:focus-visible{outline:2px solid var(--cw-focus);outline-offset:-2px}
${S} .pt-chips{display:flex;flex-wrap:wrap;gap:4px;margin-block-end:8px}
${S} .pt-chip{border:1px solid var(--cw-border);background:var(--cw-surface);color:var(--cw-text);border-radius:999px;padding:2px 10px;font-size:12px;cursor:pointer}
${S} .pt-chip[aria-pressed="true"]{background:var(--cw-accent);color:var(--cw-accent-text);border-color:var(--cw-accent)}
${S} .pt-seg{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:4px;margin-block-end:8px}
${S} .pt-seg button{min-block-size:34px;border:1px solid var(--cw-border);background:var(--cw-surface);color:var(--cw-text);border-radius:8px;cursor:pointer;font-weight:600}
${S} .pt-seg button[aria-pressed="true"]{background:var(--cw-text);color:var(--cw-background)}
${S} .pt-seg .pt-buy[aria-pressed="true"]{background:var(--cw-success);color:var(--cw-background)}
${S} .pt-seg .pt-sell[aria-pressed="true"]{background:var(--cw-danger);color:var(--cw-background)}
${S} .pt-field{margin-block-end:8px}
${S} .pt-inline{display:flex;gap:6px;align-items:center}
${S} .pt-inline .cw-input{flex:1;min-inline-size:0}
${S} .pt-protect{flex-wrap:wrap;align-items:end}
${S} .pt-protect .cw-input{inline-size:8em}
${S} .pt-pair{display:grid;grid-template-columns:1fr 1fr;gap:4px 6px}
${S} .pt-pair legend{margin-block-end:4px}
${S} .pt-pair .cw-input{inline-size:100%}
${S} .pt-preview{display:grid;grid-template-columns:1fr auto;gap:2px 8px;font-size:12px;margin-block:8px}
${S} .pt-preview dt{color:var(--cw-muted)}
${S} .pt-preview dd{text-align:end;font-variant-numeric:tabular-nums}
${S} .pt-up{color:var(--cw-success)}
${S} .pt-down{color:var(--cw-danger)}
${S} .pt-hint{font-size:12px;color:var(--cw-muted);margin-block-start:4px}
${S} .pt-status{margin-block-end:12px;padding:10px 12px;border-radius:8px;border:1px solid var(--cw-border);background:var(--cw-surface);display:flex;justify-content:space-between;gap:8px;align-items:center}
${S} .pt-status[data-kind="error"]{border-color:var(--cw-danger)}
${S} .pt-status[data-kind="success"]{border-color:var(--cw-success)}
${S} .pt-small{min-block-size:28px;padding-block:0;padding-inline:10px;font-size:12px}
${S} .pt-submit{inline-size:100%}
${S} .pt-chart{inline-size:100%;block-size:220px;display:block}
${S} .pt-empty{font-size:12px;color:var(--cw-muted);padding-block:8px}
${S} .pt-book{display:grid;grid-template-columns:1fr 1fr;gap:8px}
${S} .pt-book ul{list-style:none;margin:0;padding:0}
${S} .pt-book h3{margin:0 0 4px}
${S} .pt-book button{all:unset;display:grid;grid-template-columns:1fr 1fr;gap:4px;inline-size:100%;box-sizing:border-box;padding:2px 4px;font-size:12px;font-variant-numeric:tabular-nums;cursor:pointer;background-repeat:no-repeat}
${S} .pt-book button:focus-visible{outline:2px solid var(--cw-focus)}
${S} .pt-book button span:last-child{text-align:end}
${S} .pt-book .pt-bid{background-image:linear-gradient(to left,color-mix(in srgb,var(--cw-success) 18%,transparent),color-mix(in srgb,var(--cw-success) 18%,transparent))}
${S} .pt-book .pt-bid{background-position:right}
${R} .pt-book .pt-bid{background-position:left}
${R} .pt-book .pt-ask{background-position:right}
${S} .pt-book .pt-ask{background-image:linear-gradient(to right,color-mix(in srgb,var(--cw-danger) 18%,transparent),color-mix(in srgb,var(--cw-danger) 18%,transparent))}
${S} input[type=range]{inline-size:100%;accent-color:var(--cw-accent)}
`;
