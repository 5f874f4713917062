import Link from "next/link";

export default function Home() {
  return (
    <main className="home">
      <h1>Compass</h1>
      <p>
        A universal, non-custodial DeFi API: it reads chain and venue state and returns unsigned transactions
        or EIP-712 typed data that your own wallet signs.
      </p>
      <ul>
        <li>
          <Link href="/docs">API reference</Link> — rendered from{" "}
          <a href="/v2/openapi.json">/v2/openapi.json</a>
        </li>
        <li>
          {/* served by the app's server outside Next's router (checkout/serve.tsx): a plain link */}
          <a href="/onramp/checkout?chain=ethereum&asset=USDC">Hosted on-ramp checkout</a>
        </li>
        <li>
          <Link href="/perpetual-trading">Perpetual trading</Link> — stocks, commodities and forex perps with
          your own wallet
        </li>
      </ul>
      <p>
        Try a read:{" "}
        <code>
          /v1/token/balance?chain=ethereum&amp;user=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&amp;token=USDC
        </code>
      </p>
    </main>
  );
}
