/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f2b;background:#f6f7fb}
main{max-width:440px;margin:0 auto;padding:20px 16px 28px}
.brand{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px;font-weight:700}
.badge{font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;background:#fff1c2;color:#6b4e00}
h1{font-size:20px;margin:0 0 4px}
.card{background:#fff;border:1px solid #d5d9e3;border-radius:12px;padding:16px;margin:12px 0}
dl{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:0}
dt{color:#4f5868}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.total{font-weight:700;border-top:1px solid #e2e5ec;padding-top:6px}
label{display:block;font-size:13px;font-weight:600;margin:10px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a93a6;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b3261e}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:16px;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:#1f4fd1;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
.error{color:#b3261e;font-size:13px;margin-top:4px}
.muted{color:#4f5868;font-size:13px}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.ok{color:#106b3a}.bad{color:#b3261e}
details{margin-top:12px}summary{cursor:pointer;font-size:13px;font-weight:600}
table{width:100%;border-collapse:collapse;font-size:13px;margin-top:6px}td{padding:3px 0}
`;

/** The twin's page shell: its own origin, its own CSP, framed only by the allowed ancestors. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style><script src="/assets/pay.js" defer></script></head>
<body><main>
<div class="brand"><span>Onramp provider</span><span class="badge">Test mode</span></div>
${body}
</main></body></html>`;
}

export function cspHeaders(frameAncestors: string): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors ${frameAncestors}`,
    "referrer-policy": "no-referrer",
  };
}
