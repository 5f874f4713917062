/**
 * The hosted checkout in a window of its own. It must be opened inside the click that starts the purchase
 * (browsers block popups opened later), so it starts blank and is sent to the checkout once the payment
 * exists (`title` shows meanwhile, in the widget's language). Returns null when the browser blocked it: the
 * widget then offers a link.
 */
export function openPaymentWindow(title: string): Window | null {
  const width = 480;
  const height = 760;
  const left = Math.max(0, (window.screenX ?? 0) + (window.outerWidth - width) / 2);
  const top = Math.max(0, (window.screenY ?? 0) + (window.outerHeight - height) / 2);
  const popup = window.open(
    "",
    "compass-onramp-checkout",
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return null;
  popup.document.title = title;
  return popup;
}

export function sendPaymentWindow(popup: Window | null, url: string): void {
  if (!popup || popup.closed) return;
  // The checkout must not be able to reach back into the partner's page.
  popup.opener = null;
  popup.location.replace(url);
}
