"use client";
import { QueryClientContext } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { WagmiContext } from "wagmi";
import type { WalletLayer } from "./layer.tsx";
import type { PublicChain } from "./public-chains.ts";

type LayerModule = typeof import("./layer.tsx");

interface WalletLayerState {
  /** the loaded layer (wagmi config, query client), null until someone needs it */
  layer: LayerModule | null;
  instance: WalletLayer | null;
  /** load the layer (once); resolves when it is mounted */
  load(): Promise<void>;
  devWallet: boolean;
  /** a wallet was connected in an earlier visit: the layer is loading to reconnect it */
  reconnecting: boolean;
}

const WalletLayerContext = createContext<WalletLayerState | null>(null);

export function useWalletLayer(): WalletLayerState {
  const value = useContext(WalletLayerContext);
  if (!value) throw new Error("useWalletLayer must be used inside <WalletLayerProvider>");
  return value;
}

export interface WalletLayerProviderProps {
  chains: PublicChain[];
  devWallet: boolean;
  /** the wagmi cookie holds a connection: load the layer at once to reconnect it */
  reconnect: boolean;
  children: ReactNode;
}

/**
 * The host app's providers (widgets never own them), loaded lazily: wagmi's and react-query's contexts are
 * provided here from the first render — empty until the wallet layer (`layer.tsx`: wagmi config, connectors,
 * dev wallet, query client) is loaded, which happens when someone connects a wallet, when a wallet is already
 * connected (reconnect) or when a page asks for it (`useWalletLayer().load()`). The page below never remounts
 * when the layer arrives, and pages that do not need a wallet (the hosted checkout) load without it.
 */
export function WalletLayerProvider({ chains, devWallet, reconnect, children }: WalletLayerProviderProps) {
  const [loaded, setLoaded] = useState<{ module: LayerModule; instance: WalletLayer } | null>(null);
  const pending = useRef<Promise<void> | null>(null);
  const load = useCallback(() => {
    pending.current ??= import("./layer.tsx").then((module) =>
      setLoaded({ module, instance: module.createWalletLayer(chains, devWallet) }),
    );
    return pending.current;
  }, [chains, devWallet]);
  useEffect(() => {
    if (reconnect) void load();
  }, [reconnect, load]);

  const value = useMemo<WalletLayerState>(
    () => ({
      layer: loaded?.module ?? null,
      instance: loaded?.instance ?? null,
      load,
      devWallet,
      reconnecting: reconnect && !loaded,
    }),
    [loaded, load, devWallet, reconnect],
  );
  const Runtime = loaded?.module.WalletLayerRuntime;
  return (
    <WalletLayerContext.Provider value={value}>
      <WagmiContext.Provider value={loaded?.instance.config}>
        <QueryClientContext.Provider value={loaded?.instance.queryClient}>
          {Runtime && loaded ? <Runtime layer={loaded.instance} /> : null}
          {children}
        </QueryClientContext.Provider>
      </WagmiContext.Provider>
    </WalletLayerContext.Provider>
  );
}

const noop = () => {};

/** The connected wallet's address, without loading the wallet layer (undefined until it is loaded). */
export function useWalletAddress(): `0x${string}` | undefined {
  const { instance } = useWalletLayer();
  const subscribe = useCallback(
    (onChange: () => void) => instance?.watchAddress(onChange) ?? noop,
    [instance],
  );
  const get = () => instance?.address();
  return useSyncExternalStore(subscribe, get, () => undefined);
}

/** Children that use wagmi or react-query hooks: rendered once the wallet layer is loaded (it loads on mount). */
export function WithWalletLayer({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { instance, load } = useWalletLayer();
  useEffect(() => {
    void load();
  }, [load]);
  return instance ? children : fallback;
}
