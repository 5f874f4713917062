import { CompassProvider } from "@compass/widgets";
import { WalletBar } from "../app/wallet-bar.tsx";
import type { PaymentLookup } from "../lib/onramp.ts";
import { WalletLayerProvider } from "../lib/wallet/lazy.tsx";
import type { PublicChain } from "../lib/wallet/public-chains.ts";
import { CheckoutClient } from "./checkout-client.tsx";
import type { CheckoutParams } from "./params.ts";

/** What the server knows when the page is asked for, handed to the browser as is (no secrets: see serve.tsx). */
export interface CheckoutData {
  params: CheckoutParams;
  payment: PaymentLookup | null;
  env: "production" | "staging";
  chains: PublicChain[];
  devWallet: boolean;
  reconnect: boolean;
  publishableKey?: string;
  /** the page's built script and stylesheet */
  assets: { script: string; stylesheet: string };
}

export const DATA_ELEMENT_ID = "checkout-data";

/** JSON that is safe inside a script element (no `</script>`, no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The hosted checkout, the whole document: rendered on the server, hydrated by `entry.tsx` with the same data. It is
 * served outside Next's client runtime (React and the widgets only), with the app's header and providers.
 */
export function CheckoutDocument({ data }: { data: CheckoutData }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Buy USDC — Compass checkout</title>
        <meta
          name="description"
          content="Pay by card; the USDC lands in your own wallet on Ethereum. Nobody else ever holds it."
        />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={data.assets.stylesheet} precedence="default" />
      </head>
      <body>
        {/* the app's providers, as app/providers.tsx composes them, with the widgets' on-ramp entry only */}
        <WalletLayerProvider chains={data.chains} devWallet={data.devWallet} reconnect={data.reconnect}>
          <CompassProvider publishableKey={data.publishableKey} locale={data.params.locale}>
            <header className="site-header">
              <a href="/" className="brand">
                Compass
              </a>
              {data.env === "staging" ? <span className="env-badge">staging</span> : null}
              <WalletBar />
            </header>
            <main className="checkout">
              <h1>Buy USDC</h1>
              <p className="checkout-lead">
                Pay by card; the USDC lands in your own wallet on Ethereum. Nobody else ever holds it.
              </p>
              {data.params.unsupported ? (
                <p role="alert" className="checkout-problem">
                  {data.params.unsupported}
                </p>
              ) : (
                // the app's publishable key reaches the widget through the providers' CompassProvider, never the URL
                <CheckoutClient params={data.params} payment={data.payment} />
              )}
            </main>
          </CompassProvider>
        </WalletLayerProvider>
        <script
          id={DATA_ELEMENT_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element, not markup
          dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
        />
      </body>
    </html>
  );
}
