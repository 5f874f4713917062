"use client";
import type { Transport } from "@compass/sdk";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Address } from "viem";
import { useAccount, useConfig } from "wagmi";
import { useCompassLocale } from "../kit/CompassProvider.tsx";
import { type Translate, useCatalog } from "../kit/i18n.ts";
import { type LifecycleCallbacks, notifyLifecycle } from "../kit/lifecycle.ts";
import { type CompassApiOptions, useWidgetTransport } from "../kit/transport.ts";
import { explain } from "./errors.ts";
import type { FlowContext } from "./flow.ts";
import type { SponsorDeposit } from "./funds.ts";
import { type PerpsMessages, perpsCatalog } from "./messages.ts";
import type { PerpetualTradingAction, PerpetualTradingLifecycle } from "./status.ts";
import { wagmiChainOps, wagmiSigner } from "./wallet.ts";

export interface PerpetualTradingProviderProps
  extends CompassApiOptions,
    LifecycleCallbacks<PerpetualTradingLifecycle> {
  /** partner builder fee attached to every order (approved once by each trader) */
  builder?: { address: Address; maxFeeRate: string };
  /** relays deposits from the host's gas sponsor; without it traders pay Arbitrum gas themselves */
  sponsorDeposit?: SponsorDeposit;
  /** ticker selected first (default: the market with the most open interest) */
  defaultAsset?: string;
  /** the locale of the statuses and messages, a BCP 47 tag (default: the CompassProvider's, else English) */
  locale?: string;
  children: ReactNode;
}

interface PerpetualTradingContextValue {
  transport: Transport;
  /** the connected account (the venue account), if any */
  owner: Address | undefined;
  asset: string | undefined;
  selectAsset(ticker: string): void;
  status: PerpetualTradingLifecycle;
  busy: boolean;
  builder: PerpetualTradingProviderProps["builder"];
  sponsorDeposit: SponsorDeposit | undefined;
  /** the widget's messages in its locale (what statuses and errors are written in) */
  t: Translate<PerpsMessages>;
  /** runs a flow with the connected wallet; failures become an `error` status with a clear message */
  run(action: PerpetualTradingAction, flow: (ctx: FlowContext) => Promise<void>): Promise<void>;
  dismiss(): void;
}

const Context = createContext<PerpetualTradingContextValue | null>(null);

export function usePerpetualTradingContext(): PerpetualTradingContextValue {
  const value = useContext(Context);
  if (!value) throw new Error("usePerpetualTradingContext must be used inside <PerpetualTradingProvider>");
  return value;
}

const INIT: PerpetualTradingLifecycle = { status: "init" };

/** The widget's state machine: selection, the current flow's status, and the wallet wiring. */
export function PerpetualTradingProvider(props: PerpetualTradingProviderProps) {
  const { builder, sponsorDeposit, defaultAsset, children } = props;
  const transport = useWidgetTransport(props);
  const { address } = useAccount(); // wagmi 2 and 3 (an alias of useConnection in 3)
  const config = useConfig();
  const queryClient = useQueryClient();
  // the provider writes the statuses (onStatus receives sentences), so it reads the catalog itself
  const shared = useCompassLocale();
  const { t, format } = useCatalog(perpsCatalog, props.locale ?? shared);
  const [asset, selectAsset] = useState<string | undefined>(defaultAsset);
  const [status, setStatus] = useState<PerpetualTradingLifecycle>(INIT);
  const callbacks = useRef<LifecycleCallbacks<PerpetualTradingLifecycle>>(props);
  callbacks.current = props;

  // Flows report synchronously, step by step: an effect would let React batch away the steps in between.
  const report = useCallback((next: PerpetualTradingLifecycle) => {
    setStatus(next);
    notifyLifecycle(next, callbacks.current);
  }, []);
  // `init` once mounted, as every widget does (the ref keeps StrictMode's second mount quiet)
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) notifyLifecycle(INIT, callbacks.current);
    mounted.current = true;
  }, []);

  const run = useCallback<PerpetualTradingContextValue["run"]>(
    async (action, flow) => {
      if (!address) return;
      const signer = wagmiSigner(config, address);
      try {
        await flow({ transport, signer, report, builder, chain: wagmiChainOps(config), t, format });
      } catch (error) {
        report({
          status: "error",
          action,
          error: explain(
            error,
            address,
            signer.lastDomainChainId,
            t,
            (id) => config.chains.find((c) => c.id === id)?.name ?? t("chainId", { id }),
          ),
        });
      } finally {
        void queryClient.invalidateQueries({ queryKey: ["compass", "perpetual_trading"] });
      }
    },
    [address, config, transport, report, builder, queryClient, t, format],
  );

  const busy = ["preparing", "signing", "submitting", "confirming"].includes(status.status);
  const value = useMemo(
    () => ({
      transport,
      owner: address,
      asset,
      selectAsset,
      status,
      busy,
      builder,
      sponsorDeposit,
      t,
      run,
      dismiss: () => report(INIT),
    }),
    [transport, address, asset, status, busy, builder, sponsorDeposit, t, run, report],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
