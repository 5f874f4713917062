"use client";
import { QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Address } from "viem";
import {
  type Config,
  cookieToInitialState,
  Hydrate,
  type State,
  useChains,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSwitchChain,
} from "wagmi";
import { getConnection, watchConnection } from "wagmi/actions";
import { createWagmiConfig } from "./config.ts";
import { connectorLabel } from "./labels.ts";
import type { PublicChain } from "./public-chains.ts";

/**
 * The wallet connection layer: wagmi's config (connectors, the dev wallet in staging), a react-query client and
 * the connected wallet bar. `lazy.tsx` imports this module only when someone connects a wallet, a wallet is
 * already connected (reconnect) or a page needs wagmi, so pages such as the hosted checkout load without it.
 */
export interface WalletLayer {
  config: Config;
  queryClient: QueryClient;
  /** the connected account's address, for code outside wagmi's hooks */
  address(): Address | undefined;
  watchAddress(onChange: () => void): () => void;
  /** the connection stored in the wagmi cookie, restored and reconnected by `WalletLayerRuntime` */
  initialState: State | undefined;
}

/** Browser only: the state comes from the wagmi cookie, as `WagmiProvider` with `initialState` would take it. */
export function createWalletLayer(chains: PublicChain[], devWallet: boolean): WalletLayer {
  const config = createWagmiConfig(chains, devWallet);
  return {
    config,
    queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } }),
    address: () => getConnection(config).address,
    watchAddress: (onChange) => watchConnection(config, { onChange }),
    initialState: cookieToInitialState(config, document.cookie),
  };
}

/**
 * What `WagmiProvider` and `QueryClientProvider` do besides providing their context (which `lazy.tsx` provides,
 * so the page below keeps its state when the layer arrives): restore the stored connection, reconnect, and
 * subscribe the query client to focus and online events.
 */
export function WalletLayerRuntime({ layer }: { layer: WalletLayer }) {
  useEffect(() => {
    layer.queryClient.mount();
    return () => layer.queryClient.unmount();
  }, [layer]);
  return <Hydrate config={layer.config} initialState={layer.initialState} reconnectOnMount />;
}

type DevConnector = { selectAccount(i: number): Promise<void>; listAccounts(): Promise<Address[]> };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/**
 * Connect / switch / disconnect — the host app's job. In staging it offers the dev wallet. `connectTo` is the
 * connector someone chose before the layer had loaded: it is connected once, on mount.
 */
export function ConnectedWalletBar({ connectTo }: { connectTo?: string | null }) {
  const { address, chainId, connector, status } = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const chains = useChains();
  const [devAccounts, setDevAccounts] = useState<Address[]>([]);
  const isDev = connector?.id === "compassDevWallet";
  // After an SSR reload `connector` is restored from the cookie (data only): act on the live instance.
  const dev = connectors.find((c) => c.id === "compassDevWallet") as unknown as DevConnector | undefined;

  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!connectTo || requested.current === connectTo) return;
    const chosen = connectors.find((c) => c.id === connectTo);
    if (!chosen) return;
    requested.current = connectTo;
    connect.mutate({ connector: chosen });
  }, [connectTo, connectors, connect]);

  useEffect(() => {
    if (isDev && dev) void dev.listAccounts().then(setDevAccounts);
  }, [isDev, dev]);

  if (status !== "connected" || !address) {
    return (
      <nav className="wallet-bar" aria-label="Wallet">
        {connectors.map((c) => (
          <button
            key={c.uid}
            type="button"
            onClick={() => connect.mutate({ connector: c })}
            disabled={connect.isPending}
            data-testid={`connect-${c.id}`}
          >
            {connectorLabel(c)}
          </button>
        ))}
        {connect.error ? <span role="alert">{connect.error.message}</span> : null}
      </nav>
    );
  }
  return (
    <nav className="wallet-bar" aria-label="Wallet">
      {isDev && devAccounts.length ? (
        <label>
          <span className="sr-only">Dev account</span>
          <select
            data-testid="dev-account"
            value={address}
            onChange={(e) => dev?.selectAccount(devAccounts.indexOf(e.target.value as Address))}
          >
            {devAccounts.map((a, i) => (
              <option key={a} value={a}>
                Dev #{i} {short(a)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <code className="wallet-address" data-testid="wallet-address" title={address}>
          {short(address)}
        </code>
      )}
      <label>
        <span className="sr-only">Network</span>
        <select
          value={chainId}
          onChange={(e) => switchChain.mutate({ chainId: Number(e.target.value) })}
          data-testid="wallet-chain"
        >
          {chains.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => disconnect.mutate({})} data-testid="disconnect">
        Disconnect
      </button>
    </nav>
  );
}
