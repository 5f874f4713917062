/**
 * The checkout's own styles, every selector under its root so nothing leaks into or out of the host page. Logical
 * directions only (flex rows and `text-align:end` follow `dir`), so the layout mirrors in Arabic; the amount field
 * is typed left to right and sits at the inline start (right in RTL), its currency after it.
 */
const R = ':where([data-compass-widget="onramp"])';

export const ONRAMP_CSS = `
${R}{max-width:420px;width:100%}
${R} h2{font-size:16px;font-weight:700}
${R} h3{font-size:14px;font-weight:700}
${R} fieldset{border:0;padding:0;min-width:0}
${R} legend{padding:0}
${R} .cw-presets{display:flex;flex-wrap:wrap;gap:8px}
${R} .cw-preset{flex:1 1 0;min-width:64px;min-height:40px;border:1px solid var(--cw-border);border-radius:calc(var(--cw-radius) - 4px);background:var(--cw-surface);color:var(--cw-text);font-weight:600;cursor:pointer}
${R} .cw-preset[aria-pressed="true"]{border-color:var(--cw-accent);box-shadow:inset 0 0 0 1px var(--cw-accent)}
${R} .cw-amount{display:flex;align-items:center;gap:8px}
${R} .cw-amount .cw-input{font-size:20px;font-weight:700;min-width:0}
${R}[dir="rtl"] .cw-amount .cw-input{text-align:right}
${R} .cw-currency{font-weight:700;color:var(--cw-muted)}
${R} .cw-lines{display:grid;grid-template-columns:1fr auto;gap:4px 12px}
${R} .cw-lines dt{color:var(--cw-muted)}
${R} .cw-lines dt{min-width:0}
${R} .cw-lines dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
${R} .cw-lines .cw-total{font-weight:700;border-top:1px solid var(--cw-border);padding-top:6px}
${R} .cw-receive{font-size:22px;font-weight:800}
${R} .cw-hint{font-size:12px}
${R} .cw-notice{font-size:13px;padding:8px 10px;border-radius:8px;background:var(--cw-surface-alt)}
${R} .cw-alert{border:1px solid var(--cw-danger);border-radius:calc(var(--cw-radius) - 4px);padding:12px}
${R} .cw-actions{display:flex;flex-wrap:wrap;gap:8px}
${R} .cw-actions > *{flex:1 1 auto}
${R} .cw-link{color:var(--cw-accent);text-decoration:underline;font-weight:600}
${R} .cw-break{word-break:break-all}
${R} .cw-busy{opacity:.6}
${R} [tabindex="-1"]:focus{outline:none}
`;
