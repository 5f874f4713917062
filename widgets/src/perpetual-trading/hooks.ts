"use client";
import type { V2PerpetualTradingOpportunitiesQuery } from "@compass/sdk";
import { useQuery } from "@tanstack/react-query";
import { usePerpetualTradingContext } from "./context.tsx";
import {
  activityQueryOptions,
  type CandleInterval,
  candlesQueryOptions,
  opportunitiesQueryOptions,
  orderBookQueryOptions,
} from "./queries.ts";

/** Thin hooks: each wires one query-options factory to useQuery with the widget's transport. */
export function usePerpetualOpportunities(query: V2PerpetualTradingOpportunitiesQuery = {}) {
  const { transport } = usePerpetualTradingContext();
  return useQuery(opportunitiesQueryOptions(transport, query));
}

export function usePerpetualActivity() {
  const { transport, owner } = usePerpetualTradingContext();
  return useQuery(activityQueryOptions(transport, owner));
}

export function usePerpetualCandles(symbol: string | undefined, interval: CandleInterval) {
  const { transport } = usePerpetualTradingContext();
  return useQuery(candlesQueryOptions(transport, symbol, interval));
}

export function usePerpetualOrderBook(asset: string | undefined) {
  const { transport } = usePerpetualTradingContext();
  return useQuery(orderBookQueryOptions(transport, asset));
}

/** The selected market's listing (falls back to the one with the most open interest). */
export function useSelectedMarket() {
  const { asset } = usePerpetualTradingContext();
  const { data } = usePerpetualOpportunities({ sort_by: "open_interest", sort_order: "desc" });
  const list = data?.opportunities ?? [];
  return list.find((o) => o.asset === asset) ?? list[0];
}
