import { useCallback, useContext, useSyncExternalStore } from "react";
import { WagmiContext } from "wagmi";
import { getAccount, watchAccount } from "wagmi/actions";

/** `isAddress(value, { strict: false })` of viem: 0x and 40 hex digits, any case (no checksum hashing). */
export const isHexAddress = (value: string): value is `0x${string}` => /^0x[a-fA-F0-9]{40}$/.test(value);

/**
 * The host's wagmi config when the widget sits inside a `WagmiProvider`, else undefined: with a `destination`
 * the on-ramp needs no wallet, so a host may mount (or lazily add) its wagmi provider only when a wallet is used.
 */
export const useOptionalWagmiConfig = () => useContext(WagmiContext);

const noop = () => {};

/** The connected account's address (undefined without a provider or a connection); SSR-safe, like `useAccount`. */
export function useConnectedAddress(): `0x${string}` | undefined {
  const config = useOptionalWagmiConfig();
  const subscribe = useCallback(
    (onChange: () => void) => (config ? watchAccount(config, { onChange }) : noop),
    [config],
  );
  const get = () => (config ? getAccount(config).address : undefined);
  return useSyncExternalStore(subscribe, get, get);
}
