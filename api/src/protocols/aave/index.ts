/**
 * Aave v3: the lending pool of each chain (one market: pool, data provider, oracle, from the address book). Its
 * reserves at any block, an address's account and balances, its events and an address's history in them, the
 * rate history and ray math (APY, liquidity index, time-weighted windows), the pool's calls with the checks the
 * pool would refuse them on, its error codes, and USD prices at its oracle (the deployment's price oracle).
 */
export {
  type AaveAccountData,
  type AaveAccountReserve,
  type AaveUserReserve,
  decodeAaveAccountData,
  maxBorrowable,
  readAaveAccount,
  readAaveAccountData,
  readAaveUserReserve,
} from "./account.ts";
export {
  aaveAccountDataCall,
  aaveBorrowCall,
  aaveCollateralCall,
  aaveRepayCall,
  aaveSupplyCall,
  aaveWithdrawCall,
  approveCall,
  MAX_UINT,
  STABLE_RATE,
  VARIABLE_RATE,
} from "./calldata.ts";
export {
  aaveBorrowCalls,
  aaveRepayCalls,
  aaveSupplyCalls,
  aaveWithdrawCalls,
  assertAaveReserveOpen,
} from "./calls.ts";
export { AAVE_ERRORS } from "./errors.ts";
export {
  AAVE_BORROW_EVENT,
  AAVE_LIQUIDATION_EVENT,
  AAVE_REPAY_EVENT,
  AAVE_RESERVE_DATA_UPDATED_EVENT,
  AAVE_SUPPLY_EVENT,
  AAVE_WITHDRAW_EVENT,
  type AaveBalanceMove,
  type AavePoolLog,
  readAaveBalanceMoves,
  readAavePoolLogs,
} from "./events.ts";
export { type AaveFlow, aaveFlowsOf } from "./flows.ts";
export { type AaveMarket, aaveMarket, readAaveBlock, requireAaveMarket } from "./market.ts";
export { oraclePrice, oraclePrices, priceBlock, priceOracle, usdPrices8, valueUsd8 } from "./oracle.ts";
export { readRateHistory, readRatesAt, readRateUpdates } from "./rate-history.ts";
export {
  liquidityIndexAt,
  RAY,
  type RateUpdate,
  rayApr,
  rayApy,
  rayRateToApyPercent,
  scaledOf,
  timeWeightedRates,
} from "./rates.ts";
export { type AaveReserveState, readAaveReserve, readAaveReserveOrThrow } from "./reserve-state.ts";
export {
  type AaveReserveToken,
  aaveATokenOf,
  readAaveReserveTokens,
  resolveAaveReserve,
} from "./reserve-tokens.ts";
export {
  type AaveAt,
  type AaveReserve,
  type AaveReserveData,
  findAaveReserve,
  readAaveReserveData,
  readAaveReserves,
  reserveOpen,
} from "./reserves.ts";
export { healthFactorProbe, oraclePriceSource } from "./simulation.ts";
