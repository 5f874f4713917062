/** The widget's own rules, scoped under its root attribute (base rules come from WidgetRoot). */
const S = ':where([data-compass-widget="perpetual-trading"])';

export const PERPS_CSS = `
${S}{max-width:1120px}
${S} fieldset{border:0;padding:0;min-width:0}
${S} .pt-grid{display:grid;grid-template-columns:minmax(260px,1fr) minmax(320px,1.6fr) minmax(280px,1fr);gap:12px}
@media (max-width:900px){${S} fieldset{border:0;padding:0;min-width:0}
${S} .pt-grid{grid-template-columns:1fr}}
${S} .pt-wide{grid-column:1/-1}
${S} h2{font-size:14px;font-weight:700;margin-bottom:8px}
${S} h3{font-size:13px;font-weight:600;color:var(--cw-muted);margin-bottom:6px}
${S} table{width:100%;border-collapse:collapse;font-size:12px}
${S} th{text-align:left;font-weight:600;color:var(--cw-muted);padding:4px 6px;border-bottom:1px solid var(--cw-border)}
${S} td{padding:6px;border-bottom:1px solid var(--cw-border);font-variant-numeric:tabular-nums}
${S} .pt-num{text-align:right}
${S} .pt-row{cursor:pointer}
${S} .pt-row td:first-child{white-space:nowrap}
${S} .pt-row[aria-selected="true"]{background:var(--cw-surface-alt)}
${S} .pt-chips{display:flex;flex-wrap:wrap;gap:4px;margin-bottom:8px}
${S} .pt-chip{border:1px solid var(--cw-border);background:var(--cw-surface);border-radius:999px;padding:2px 10px;font-size:12px;cursor:pointer}
${S} .pt-chip[aria-pressed="true"]{background:var(--cw-accent);color:var(--cw-accent-text);border-color:var(--cw-accent)}
${S} .pt-seg{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:4px;margin-bottom:8px}
${S} .pt-seg button{min-height:34px;border:1px solid var(--cw-border);background:var(--cw-surface);border-radius:8px;cursor:pointer;font-weight:600}
${S} .pt-seg button[aria-pressed="true"]{background:var(--cw-text);color:var(--cw-background)}
${S} .pt-seg .pt-buy[aria-pressed="true"]{background:var(--cw-success);color:var(--cw-background)}
${S} .pt-seg .pt-sell[aria-pressed="true"]{background:var(--cw-danger);color:var(--cw-background)}
${S} .pt-field{margin-bottom:8px}
${S} .pt-inline{display:flex;gap:6px;align-items:center}
${S} .pt-inline .cw-input{flex:1}
${S} .pt-preview{display:grid;grid-template-columns:1fr auto;gap:2px 8px;font-size:12px;margin:8px 0}
${S} .pt-preview dt{color:var(--cw-muted)}
${S} .pt-preview dd{text-align:right;font-variant-numeric:tabular-nums}
${S} .pt-up{color:var(--cw-success)}
${S} .pt-down{color:var(--cw-danger)}
${S} .pt-hint{font-size:12px;color:var(--cw-muted);margin-top:4px}
${S} .pt-status{margin-bottom:12px;padding:10px 12px;border-radius:8px;border:1px solid var(--cw-border);background:var(--cw-surface);display:flex;justify-content:space-between;gap:8px;align-items:center}
${S} .pt-status[data-kind="error"]{border-color:var(--cw-danger)}
${S} .pt-status[data-kind="success"]{border-color:var(--cw-success)}
${S} .pt-small{min-height:28px;padding:0 10px;font-size:12px}
${S} .pt-chart{width:100%;height:220px;display:block}
${S} .pt-empty{font-size:12px;color:var(--cw-muted);padding:8px 0}
${S} input[type=range]{width:100%;accent-color:var(--cw-accent)}
`;
