"use client";

/**
 * The provider's hosted card form, on the provider's own origin: card numbers and the identity check never
 * reach this app. A new-window link is the fallback when a browser or extension refuses the frame.
 */
export function ProviderFrame({ url }: { url: string | null }) {
  if (!url) return <p className="cw-muted">Loading the payment form…</p>;
  return (
    <>
      <iframe
        src={url}
        title="Card payment form of the payment provider"
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
        referrerPolicy="no-referrer"
        data-testid="checkout-provider-frame"
        style={{
          width: "100%",
          height: 640,
          border: "1px solid var(--cw-border)",
          borderRadius: 10,
          background: "#fff",
        }}
      />
      <p className="cw-muted cw-hint">
        The card form is run by the payment provider; Compass never sees your card. Form not showing?{" "}
        <a
          className="cw-link"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="checkout-provider-link"
        >
          Open it in a new window
        </a>
        .
      </p>
    </>
  );
}
