"use client";
import type { Transport } from "@compass/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import type { Address } from "viem";
import { useAccount, useConfig } from "wagmi";
import { type ApiOptions, transportFor } from "./client.ts";
import { explain } from "./errors.ts";
import type { FlowContext } from "./flow.ts";
import type { SponsorDeposit } from "./funds.ts";
import type { PerpetualTradingAction, PerpetualTradingStatus, StatusListener } from "./status.ts";
import { wagmiChainOps, wagmiSigner } from "./wallet.ts";

export interface PerpetualTradingProviderProps extends ApiOptions {
  /** partner builder fee attached to every order (approved once by each trader) */
  builder?: { address: Address; maxFeeRate: string };
  /** relays deposits from the host's gas sponsor; without it traders pay Arbitrum gas themselves */
  sponsorDeposit?: SponsorDeposit;
  onStatus?: StatusListener;
  /** ticker selected first (default: the market with the most open interest) */
  defaultAsset?: string;
  children: ReactNode;
}

interface PerpetualTradingContextValue {
  transport: Transport;
  /** the connected account (the venue account), if any */
  owner: Address | undefined;
  asset: string | undefined;
  selectAsset(ticker: string): void;
  status: PerpetualTradingStatus;
  busy: boolean;
  builder: PerpetualTradingProviderProps["builder"];
  sponsorDeposit: SponsorDeposit | undefined;
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

/** The widget's state machine: selection, the current flow's status, and the wallet wiring. */
export function PerpetualTradingProvider(props: PerpetualTradingProviderProps) {
  const { apiBaseUrl, publishableKey, fetch, builder, sponsorDeposit, onStatus, defaultAsset, children } =
    props;
  const transport = useMemo(
    () => transportFor({ apiBaseUrl, publishableKey, fetch }),
    [apiBaseUrl, publishableKey, fetch],
  );
  const { address } = useAccount(); // wagmi 2 and 3 (an alias of useConnection in 3)
  const config = useConfig();
  const queryClient = useQueryClient();
  const [asset, selectAsset] = useState<string | undefined>(defaultAsset);
  const [status, setStatus] = useState<PerpetualTradingStatus>({ status: "idle" });
  const listener = useRef(onStatus);
  listener.current = onStatus;

  const report = useCallback((next: PerpetualTradingStatus) => {
    setStatus(next);
    listener.current?.(next);
  }, []);

  const run = useCallback<PerpetualTradingContextValue["run"]>(
    async (action, flow) => {
      if (!address) return;
      const signer = wagmiSigner(config, address);
      try {
        await flow({ transport, signer, report, builder, chain: wagmiChainOps(config) });
      } catch (error) {
        report({ status: "error", action, error: explain(error, address, signer.lastDomainChainId) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: ["compass", "perpetual_trading"] });
      }
    },
    [address, config, transport, report, builder, queryClient],
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
      run,
      dismiss: () => report({ status: "idle" }),
    }),
    [transport, address, asset, status, busy, builder, sponsorDeposit, run, report],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
