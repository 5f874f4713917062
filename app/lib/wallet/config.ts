"use client";
import { defineChain } from "viem";
import { cookieStorage, createConfig, createStorage, http } from "wagmi";
import { injected } from "wagmi/connectors";
import { type DevAccount, devWallet } from "./dev-wallet.ts";
import type { PublicChain } from "./public-chains.ts";

const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";

/**
 * wagmi for the app: cookie storage (the server sees a stored connection, `session.ts`), injected wallets, and
 * the dev wallet in staging. Created in the browser when the wallet layer loads (`layer.tsx`); `ssr: true` so
 * the stored connection is restored and reconnected by wagmi's `Hydrate`, as under `WagmiProvider`.
 */
export function createWagmiConfig(chains: PublicChain[], withDevWallet: boolean) {
  const viemChains = chains.map((c) =>
    defineChain({
      id: c.id,
      name: c.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
      contracts: { multicall3: { address: MULTICALL3 } },
    }),
  );
  const load = async (): Promise<DevAccount[]> => {
    const res = await fetch("/api/devnet/accounts");
    if (!res.ok) throw new Error("The dev wallet is only available on staging");
    return (await res.json()).accounts;
  };
  return createConfig({
    chains: viemChains as any,
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    connectors: [injected(), ...(withDevWallet ? [devWallet({ load })] : [])],
    transports: Object.fromEntries(viemChains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])),
  });
}
