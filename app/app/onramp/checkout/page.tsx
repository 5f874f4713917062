import { lookupPayment } from "../../../lib/onramp.ts";
import { CheckoutClient } from "./checkout-client.tsx";
import { checkoutParams, type Search } from "./params.ts";

export const metadata = { title: "Buy USDC — Compass checkout" };
export const dynamic = "force-dynamic";

/**
 * Hosted checkout: card → USDC on Ethereum, delivered to `destination` (or the connected wallet). With
 * `payment`, it resumes that payment, embedding the provider's card form.
 */
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = checkoutParams(await searchParams);
  const payment = params.paymentId ? await lookupPayment(params.paymentId) : null;
  return (
    <main className="checkout">
      <h1>Buy USDC</h1>
      <p className="checkout-lead">
        Pay by card; the USDC lands in your own wallet on Ethereum. Nobody else ever holds it.
      </p>
      {params.unsupported ? (
        <p role="alert" className="checkout-problem">
          {params.unsupported}
        </p>
      ) : (
        // the app's publishable key reaches the widget through the layout's CompassProvider, never the URL
        <CheckoutClient params={params} payment={payment} />
      )}
    </main>
  );
}
