"use client";
import { useEffect, useState } from "react";
import { connectorLabel } from "../lib/wallet/labels.ts";
import { useWalletLayer } from "../lib/wallet/lazy.tsx";

interface Announced {
  info: { uuid: string; name: string; rdns: string };
}

/**
 * The wallet bar. Before the layer has loaded it offers the same buttons as wagmi would (the injected wallet,
 * wallets announced through EIP-6963, the dev wallet in staging) without wagmi; a click loads the layer, which
 * connects the chosen wallet.
 */
export function WalletBar() {
  const { layer, load, devWallet, reconnecting } = useWalletLayer();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const announced = useAnnouncedWallets(!layer);
  if (layer) return <layer.ConnectedWalletBar connectTo={chosen} />;
  if (reconnecting)
    return (
      <nav className="wallet-bar" aria-label="Wallet">
        <span className="wallet-address" aria-live="polite">
          Reconnecting…
        </span>
      </nav>
    );
  const connectors = [
    { id: "injected", name: "Injected" },
    ...(devWallet ? [{ id: "compassDevWallet", name: "Dev wallet" }] : []),
    ...announced.map((w) => ({ id: w.info.rdns, name: w.info.name })),
  ];
  return (
    <nav className="wallet-bar" aria-label="Wallet">
      {connectors.map((c) => (
        <button
          key={c.id}
          type="button"
          onClick={() => {
            setChosen(c.id);
            load().catch((e: Error) => setFailed(`The wallet could not be loaded: ${e.message}`));
          }}
          disabled={chosen !== null && !failed}
          data-testid={`connect-${c.id}`}
        >
          {connectorLabel(c)}
        </button>
      ))}
      {failed ? <span role="alert">{failed}</span> : null}
    </nav>
  );
}

/** EIP-6963 announcements (what wagmi's multi-injected discovery lists), while `listen` is true. */
function useAnnouncedWallets(listen: boolean): Announced[] {
  const [wallets, setWallets] = useState<Announced[]>([]);
  useEffect(() => {
    if (!listen) return;
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<Announced>).detail;
      if (!detail?.info?.rdns) return;
      setWallets((list) => (list.some((w) => w.info.rdns === detail.info.rdns) ? list : [...list, detail]));
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
  }, [listen]);
  return wallets;
}
