/**
 * A partner's own app around the widgets: its wagmi config (a `mock` connector over a devnet account, which
 * the devnet signs for), its QueryClient, and one CompassProvider with the API's address. Only the packages a
 * partner installs are imported: the widgets and the SDK from their packed tarballs, and the peers.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { defineChain } from "viem";
// `mock` from wagmi's root (both majors export it there): `wagmi/connectors` would pull in every wallet SDK
import { createConfig, http, mock, useAccount, useConnect, WagmiProvider } from "wagmi";

export interface PartnerConfig {
  apiBaseUrl: string;
  /** RPC of the devnet's Ethereum and Arbitrum */
  rpc: { ethereum: string; arbitrum: string };
  account: `0x${string}`;
  publishableKey?: string;
  locale?: string;
}
declare global {
  interface Window {
    __PARTNER_APP__?: PartnerConfig;
  }
}

const cfg: PartnerConfig = window.__PARTNER_APP__ ?? {
  apiBaseUrl: location.origin,
  rpc: { ethereum: "http://127.0.0.1:8545", arbitrum: "http://127.0.0.1:8546" },
  account: "0x0000000000000000000000000000000000000000",
};
// the mock connector signs through each chain's default RPC URL, so the devnet's URLs are the defaults
const chain = (id: number, name: string, rpc: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  });
const ethereum = chain(1, "Ethereum", cfg.rpc.ethereum);
const arbitrum = chain(42161, "Arbitrum One", cfg.rpc.arbitrum);
const wagmi = createConfig({
  chains: [ethereum, arbitrum],
  connectors: [mock({ accounts: [cfg.account] })],
  transports: { [ethereum.id]: http(cfg.rpc.ethereum), [arbitrum.id]: http(cfg.rpc.arbitrum) },
});

function Connect() {
  const { address } = useAccount();
  const { connect, connectors } = useConnect();
  return address ? (
    <p data-testid="partner-account">Connected: {address}</p>
  ) : (
    <button
      type="button"
      data-testid="partner-connect"
      onClick={() => connect({ connector: connectors[0]! })}
    >
      Connect wallet
    </button>
  );
}

/** The widgets' shared settings, as the partner passes them to `CompassProvider` (absent from the baseline). */
export type Compass = ComponentType<{
  apiBaseUrl: string;
  publishableKey?: string;
  locale?: string;
  children: ReactNode;
}>;
const Bare: Compass = ({ children }) => children;

/**
 * Mounts the partner's page with `children` (the widgets it embeds) under its providers; `Compass` is the
 * widgets' CompassProvider (the baseline, without widgets, has none).
 */
export function mount(children?: ReactNode, Compass: Compass = Bare) {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <WagmiProvider config={wagmi}>
        <QueryClientProvider client={new QueryClient()}>
          <Compass apiBaseUrl={cfg.apiBaseUrl} publishableKey={cfg.publishableKey} locale={cfg.locale}>
            <main style={{ fontFamily: "system-ui", maxWidth: 1100, margin: "24px auto" }}>
              <h1>Partner shop</h1>
              <Connect />
              {children}
            </main>
          </Compass>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
}
