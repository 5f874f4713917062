"use client";
import { CompassProvider } from "@compass/widgets";
import type { ReactNode } from "react";
import { WalletLayerProvider } from "../lib/wallet/lazy.tsx";
import type { PublicChain } from "../lib/wallet/public-chains.ts";

export interface ProvidersProps {
  chains: PublicChain[];
  devWallet: boolean;
  /** a wallet connected in an earlier visit (the wagmi cookie): reconnect it at once */
  reconnect: boolean;
  /** the app's publishable key (production requires one), given to every widget on its pages */
  publishableKey?: string;
  children: ReactNode;
}

/**
 * The host app owns the providers (widgets never do): wagmi → react-query, loaded lazily — when someone
 * connects a wallet, reconnects one, or a page needs them (`lib/wallet/lazy.tsx`).
 */
export function Providers({ chains, devWallet, reconnect, publishableKey, children }: ProvidersProps) {
  return (
    <WalletLayerProvider chains={chains} devWallet={devWallet} reconnect={reconnect}>
      <CompassProvider publishableKey={publishableKey}>{children}</CompassProvider>
    </WalletLayerProvider>
  );
}
