/** Per-widget entry: `import { PerpetualTradingWidget } from "@compass/widgets/perpetual-trading"`. */

export * from "./kit/index.ts";
export type { PerpetualTradingProviderProps } from "./perpetual-trading/context.tsx";
export { PerpetualTradingProvider, usePerpetualTradingContext } from "./perpetual-trading/context.tsx";
export type { SponsorDeposit, SponsorDepositRequest } from "./perpetual-trading/funds.ts";
export {
  usePerpetualActivity,
  usePerpetualCandles,
  usePerpetualOpportunities,
} from "./perpetual-trading/hooks.ts";
export {
  feeEstimate,
  liquidationPrice,
  marginRequired,
  sizeFromUsd,
  unrealizedPnl,
} from "./perpetual-trading/math.ts";
export {
  PerpetualTradingWidget,
  type PerpetualTradingWidgetProps,
} from "./perpetual-trading/PerpetualTradingWidget.tsx";
export {
  activityQueryOptions,
  candlesQueryOptions,
  opportunitiesQueryOptions,
} from "./perpetual-trading/queries.ts";
export type {
  PerpetualTradingAction,
  PerpetualTradingErrorInfo,
  PerpetualTradingErrorKind,
  PerpetualTradingLifecycle,
  PerpetualTradingSuccess,
} from "./perpetual-trading/status.ts";
