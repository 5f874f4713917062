"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { cookieToInitialState, WagmiProvider } from "wagmi";
import { createWagmiConfig } from "../lib/wallet/config.ts";
import type { PublicChain } from "../lib/wallet/public-chains.ts";

export interface ProvidersProps {
  chains: PublicChain[];
  devWallet: boolean;
  cookie: string | null;
  children: ReactNode;
}

/** The host app owns the providers (widgets never do): WagmiProvider → QueryClientProvider. */
export function Providers({ chains, devWallet, cookie, children }: ProvidersProps) {
  const [config] = useState(() => createWagmiConfig(chains, devWallet));
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } }),
  );
  return (
    <WagmiProvider config={config} initialState={cookieToInitialState(config, cookie)}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
