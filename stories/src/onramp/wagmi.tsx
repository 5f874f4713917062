import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { custom, encodeAbiParameters, parseUnits } from "viem";
import { mainnet } from "viem/chains";
import { createConfig, WagmiProvider } from "wagmi";

/** The wallet's USDC balance the stories' chain reports (an eth_call answered locally; stories go nowhere). */
export const STORY_BALANCE = parseUnits("1000100", 6);

// Without Multicall3 the balance read is one plain eth_call, answered below.
const chain = { ...mainnet, contracts: {} };
const config = createConfig({
  chains: [chain],
  transports: {
    [mainnet.id]: custom({
      async request({ method }) {
        if (method === "eth_chainId") return "0x1";
        if (method === "eth_blockNumber") return "0x1";
        if (method === "eth_call") return encodeAbiParameters([{ type: "uint256" }], [STORY_BALANCE]);
        throw new Error(`stories have no chain (${method})`);
      },
    }),
  },
});

/** The host app's providers, as a partner would nest them around the widget. */
export function StoryProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
