import {
  type PerpetualTradingActivityResponse,
  type PerpetualTradingCandlesResponse,
  type PerpetualTradingOpportunitiesResponse,
  type PerpetualTradingOrderBookResponse,
  perpetualTradingActivity,
  perpetualTradingCandles,
  perpetualTradingOpportunities,
  perpetualTradingOrderBook,
  type Transport,
  type V2PerpetualTradingOpportunitiesQuery,
} from "@compass/sdk";
import { httpStatusOf } from "../kit/errors.ts";

/**
 * TanStack Query options over the SDK's standalone functions (no React here): keys, fetchers and how
 * fresh each read needs to be. The widget's hooks only wire these to useQuery.
 */
/**
 * Retry what may pass on a second try (no answer, 5xx, 429) twice; never a refusal that will not change (401 and
 * 403 from a wrong key or origin, 4xx validation), so the widget says what is wrong at once.
 */
export const retryTransient = (failures: number, error: Error): boolean => {
  const status = httpStatusOf(error);
  return failures < 2 && (status === 0 || status >= 500 || status === 429);
};

const root = (transport: Transport) => ["compass", "perpetual_trading", transport.serverURL] as const;

export function opportunitiesQueryOptions(transport: Transport, query: V2PerpetualTradingOpportunitiesQuery) {
  return {
    queryKey: [...root(transport), "opportunities", query] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PerpetualTradingOpportunitiesResponse> =>
      perpetualTradingOpportunities(transport, query, { signal }),
    refetchInterval: 10_000,
    retry: retryTransient,
  };
}

export function activityQueryOptions(transport: Transport, owner: string | undefined) {
  return {
    queryKey: [...root(transport), "activity", owner] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PerpetualTradingActivityResponse> =>
      perpetualTradingActivity(transport, { owner: owner! }, { signal }),
    enabled: !!owner,
    refetchInterval: 3_000,
    retry: retryTransient,
  };
}

export type CandleInterval = "5m" | "15m" | "1h" | "4h" | "1d";

export function candlesQueryOptions(
  transport: Transport,
  symbol: string | undefined,
  interval: CandleInterval,
) {
  return {
    queryKey: [...root(transport), "candles", symbol, interval] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PerpetualTradingCandlesResponse> =>
      perpetualTradingCandles(transport, { symbol: symbol!, interval, limit: 120 }, { signal }),
    enabled: !!symbol,
    refetchInterval: 15_000,
    retry: retryTransient,
  };
}

/** The selected market's order book, refreshed every 2 s (it moves with every order). */
export function orderBookQueryOptions(transport: Transport, asset: string | undefined) {
  return {
    queryKey: [...root(transport), "order_book", asset] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PerpetualTradingOrderBookResponse> =>
      perpetualTradingOrderBook(transport, { asset: asset! }, { signal }),
    enabled: !!asset,
    refetchInterval: 2_000,
    retry: retryTransient,
  };
}
