/**
 * The hosted checkout for a payment (spec onramp.md §7) on this deployment's public origin. It carries the
 * payment id so the page resumes that payment; never a key.
 */
export function checkoutUrl(publicUrl: string, destination: string, paymentId?: string): string {
  const q = new URLSearchParams({ destination, chain: "ethereum", asset: "USDC" });
  if (paymentId) q.set("payment", paymentId);
  return `${publicUrl}/onramp/checkout?${q}`;
}
