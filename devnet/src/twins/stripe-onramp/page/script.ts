/**
 * The hosted page's only script: while a payment is in flight it polls its state and reloads on a change,
 * and it tells a framing checkout about every status (id and status only, nothing sensitive).
 */
export const PAY_JS = `(() => {
  const el = document.querySelector("[data-session]");
  if (!el) return;
  const { session, status, view, secret, terminal } = el.dataset;
  if (window.parent !== window) window.parent.postMessage({ type: "onramp:session", id: session, status }, "*");
  if (terminal === "true") return;
  const poll = async () => {
    try {
      const res = await fetch("/pay/" + session + "/state?client_secret=" + encodeURIComponent(secret), { cache: "no-store" });
      if (res.ok && (await res.json()).view !== view) return location.reload();
    } catch {}
    setTimeout(poll, 1500);
  };
  setTimeout(poll, 1500);
})();
`;
