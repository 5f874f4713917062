export const metadata = { title: "Buy USDC — Compass checkout" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Hosted checkout shell: card → USDC on Ethereum, delivered to `destination`. */
export default async function CheckoutPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const destination = typeof q.destination === "string" ? q.destination : "";
  return (
    <main className="home">
      <h1>Buy USDC</h1>
      <p>
        USDC on Ethereum, delivered straight to {destination ? <code>{destination}</code> : "your wallet"}.
      </p>
    </main>
  );
}
