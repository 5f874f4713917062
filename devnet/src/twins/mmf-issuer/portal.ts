/**
 * The fund's connect portal as a small page: register a product account and (sandbox only) approve it.
 * It calls the portal endpoints of this twin; nothing here needs the distributor API key.
 */
export function portalPage(fundName: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect portal — ${fundName}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
  h1 { font-size: 1.4rem; } .note { background: #fff6d6; padding: .6rem .8rem; border-radius: 6px; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; margin: 1rem 0; }
  input { flex: 1 1 22rem; padding: .45rem; font: inherit; } button { padding: .45rem .9rem; font: inherit; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; } td, th { text-align: left; padding: .35rem; border-bottom: 1px solid #e3e6ea; }
  code { font-size: .85em; } [role=status] { min-height: 1.5em; }
</style>
</head>
<body>
<main>
<h1>Connect portal</h1>
<p class="note">${fundName}. Sandbox: approval is self-service here; a production issuer reviews each registration.</p>
<form id="register">
  <label for="account">Product account address</label>
  <input id="account" name="account" required pattern="0x[0-9a-fA-F]{40}" placeholder="0x…" autocomplete="off">
  <input id="entity" name="entity_name" placeholder="Entity name (optional)" autocomplete="organization">
  <button type="submit">Register</button>
</form>
<p role="status" id="status"></p>
<table aria-label="Registered accounts"><thead><tr><th>Account</th><th>Status</th><th></th></tr></thead><tbody id="rows"></tbody></table>
</main>
<script>
const q = new URLSearchParams(location.search).get("account"); if (q) document.getElementById("account").value = q;
const status = (t) => { document.getElementById("status").textContent = t; };
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const j = await r.json(); if (!r.ok) throw new Error(j.error || r.statusText); return j;
}
async function refresh() {
  const { accounts } = await (await fetch("/portal/api/accounts")).json();
  const rows = document.getElementById("rows"); rows.replaceChildren();
  for (const a of accounts) {
    const tr = document.createElement("tr");
    const cells = [a.address, a.status + (a.whitelisted ? " (whitelisted)" : "")];
    for (const c of cells) { const td = document.createElement("td"); td.innerHTML = "<code></code>"; td.firstChild.textContent = c; tr.append(td); }
    const td = document.createElement("td");
    if (a.status !== "approved") { const b = document.createElement("button"); b.textContent = "Approve"; b.onclick = () => post("/portal/api/approve", { account: a.address }).then(() => { status("Approved " + a.address); refresh(); }, (e) => status(e.message)); td.append(b); }
    tr.append(td); rows.append(tr);
  }
}
document.getElementById("register").onsubmit = (e) => {
  e.preventDefault(); const f = new FormData(e.target);
  post("/portal/api/register", { account: f.get("account"), entity_name: f.get("entity_name") || null }).then(() => { status("Registered; awaiting approval"); refresh(); }, (err) => status(err.message));
};
refresh();
</script>
</body>
</html>`;
}
