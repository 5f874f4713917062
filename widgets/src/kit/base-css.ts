/**
 * Base styles, every selector scoped under `[data-compass-widget]` so nothing leaks into or out of the
 * host page. Low specificity (`:where`) lets hosts override; explicit resets survive Tailwind/shadcn preflight.
 * Directions are logical (start/end, inline/block), so a root with `dir="rtl"` mirrors; `.cw-mono` (addresses,
 * hashes) stays left to right and `.cw-num` / `<bdi>` keep an amount isolated inside a sentence of the other
 * direction. Long words (German) wrap rather than overflow.
 */
export const BASE_CSS = `
:where([data-compass-widget]){all:initial;display:block;box-sizing:border-box;font-family:var(--cw-font);font-size:14px;line-height:1.45;color:var(--cw-text);background:var(--cw-background);border:1px solid var(--cw-border);border-radius:var(--cw-radius);padding:16px;overflow-wrap:break-word;hyphens:auto;-webkit-font-smoothing:antialiased}
:where([data-compass-widget]) *,:where([data-compass-widget]) *::before,:where([data-compass-widget]) *::after{box-sizing:border-box;font:inherit;color:inherit;margin:0}
:where([data-compass-widget]) :focus-visible{outline:2px solid var(--cw-focus);outline-offset:2px}
:where([data-compass-widget]) .cw-button{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:40px;padding:0 16px;border:0;border-radius:calc(var(--cw-radius) - 4px);background:var(--cw-accent);color:var(--cw-accent-text);font-weight:600;cursor:pointer}
:where([data-compass-widget]) .cw-button[disabled]{opacity:.55;cursor:not-allowed}
:where([data-compass-widget]) .cw-button.cw-secondary{background:var(--cw-surface-alt);color:var(--cw-text);border:1px solid var(--cw-border)}
:where([data-compass-widget]) .cw-input{width:100%;min-height:40px;padding:8px 12px;border:1px solid var(--cw-border);border-radius:calc(var(--cw-radius) - 4px);background:var(--cw-surface);color:var(--cw-text)}
:where([data-compass-widget]) .cw-label{display:block;font-size:12px;font-weight:600;color:var(--cw-muted);margin-bottom:4px}
:where([data-compass-widget]) .cw-muted{color:var(--cw-muted)}
:where([data-compass-widget]) .cw-mono{font-family:var(--cw-font-mono);direction:ltr;unicode-bidi:isolate}
:where([data-compass-widget]) .cw-num{font-variant-numeric:tabular-nums;unicode-bidi:isolate}
:where([data-compass-widget]) bdi{unicode-bidi:isolate}
:where([data-compass-widget]) .cw-error{color:var(--cw-danger)}
:where([data-compass-widget]) .cw-success{color:var(--cw-success)}
:where([data-compass-widget]) .cw-card{background:var(--cw-surface);border:1px solid var(--cw-border);border-radius:calc(var(--cw-radius) - 2px);padding:12px}
:where([data-compass-widget]) .cw-row{display:flex;align-items:center;justify-content:space-between;gap:8px}
:where([data-compass-widget]) .cw-stack{display:flex;flex-direction:column;gap:12px}
:where([data-compass-widget]) .cw-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;
