"use client";
import { useEffect, useState } from "react";
import type { Address } from "viem";
import { useChains, useConnect, useConnection, useConnectors, useDisconnect, useSwitchChain } from "wagmi";

type DevConnector = { selectAccount(i: number): Promise<void>; listAccounts(): Promise<Address[]> };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Connect / switch / disconnect — the host app's job. In staging it offers the dev wallet. */
export function WalletBar() {
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
            {c.id === "compassDevWallet"
              ? "Use dev wallet"
              : c.id === "injected"
                ? "Connect browser wallet"
                : `Connect ${c.name}`}
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
