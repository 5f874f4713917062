/** Driving the on-ramp provider twin the way a buyer's browser does, for tests of every surface. */
import { addressBook, getJson } from "./env.ts";

export const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  verify: "4000 0000 0000 3220",
  slow: "4000 0000 0000 1000",
} as const;

export function providerTwin(): { url: string; apiKey: string } {
  const twin = addressBook().twins.onramp;
  if (!twin?.apiKey) throw new Error("the devnet has no on-ramp twin");
  return { url: twin.url, apiKey: twin.apiKey };
}

/** The provider's own record of a payment (its secret key is in the devnet's address book). */
export async function providerSession(paymentId: string): Promise<any> {
  const { url, apiKey } = providerTwin();
  const r = await getJson(`${url}/v1/crypto/onramp_sessions/${paymentId}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (r.status !== 200) throw new Error(`provider has no session ${paymentId}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Opens the hosted payment page and submits a card (and the identity code when asked), as its form does. */
export async function payAtProvider(paymentId: string, card: string = CARDS.success): Promise<void> {
  const session = await providerSession(paymentId);
  await fetch(session.redirect_url);
  const post = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${new URL(session.redirect_url).origin}/pay/${paymentId}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: session.client_secret, ...fields }),
      redirect: "manual",
    });
    if (res.status !== 303) throw new Error(`payment page refused the ${path}: HTTP ${res.status}`);
  };
  await post("card", { number: card, expiry: "12 / 34", cvc: "123" });
  if (card === CARDS.verify) await post("verify", { code: "000000" });
}

/** Polls our API's status until the payment reaches one of `statuses`. */
export async function waitForStatus(
  baseUrl: string,
  paymentId: string,
  statuses: string[] = ["delivered", "failed"],
  timeoutMs = 30_000,
): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await getJson(`${baseUrl}/v2/onramp/status?payment_id=${paymentId}`);
    if (r.status === 200 && statuses.includes(r.body.status)) return r.body;
    if (Date.now() > end) throw new Error(`payment ${paymentId} is still ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
