import type { Operation } from "../kernel/registry/define.ts";
import { aaveAssetPrice } from "./operations/aave-asset-price.ts";
import { aaveBorrow } from "./operations/aave-borrow.ts";
import { aaveLiquidityChange } from "./operations/aave-liquidity-change.ts";
import { aaveRepay } from "./operations/aave-repay.ts";
import { aaveSupply } from "./operations/aave-supply.ts";
import { aaveUserPositionPerToken } from "./operations/aave-user-position-per-token.ts";
import { aaveUserPositionSummary } from "./operations/aave-user-position-summary.ts";
import { aaveWithdraw } from "./operations/aave-withdraw.ts";
import { aerodromeSlipstreamLiquidityProvisionIncrease } from "./operations/aerodrome-slipstream-liquidity-provision-increase.ts";
import { aerodromeSlipstreamLiquidityProvisionMint } from "./operations/aerodrome-slipstream-liquidity-provision-mint.ts";
import { aerodromeSlipstreamLiquidityProvisionPositions } from "./operations/aerodrome-slipstream-liquidity-provision-positions.ts";
import { aerodromeSlipstreamLiquidityProvisionWithdraw } from "./operations/aerodrome-slipstream-liquidity-provision-withdraw.ts";
import { aerodromeSlipstreamPoolPrice } from "./operations/aerodrome-slipstream-pool-price.ts";
import { aerodromeSlipstreamSwapBuyExactly } from "./operations/aerodrome-slipstream-swap-buy-exactly.ts";
import { aerodromeSlipstreamSwapSellExactly } from "./operations/aerodrome-slipstream-swap-sell-exactly.ts";
import { genericAllowance } from "./operations/generic-allowance.ts";
import { genericAllowanceSet } from "./operations/generic-allowance-set.ts";
import { genericBalance } from "./operations/generic-balance.ts";
import { genericEns } from "./operations/generic-ens.ts";
import { genericPortfolio } from "./operations/generic-portfolio.ts";
import { genericPriceUsd } from "./operations/generic-price-usd.ts";
import { genericSupportedTokens } from "./operations/generic-supported-tokens.ts";
import { genericTransferErc20 } from "./operations/generic-transfer-erc20.ts";
import { genericTransferNativeToken } from "./operations/generic-transfer-native-token.ts";
import { genericUnwrapWeth } from "./operations/generic-unwrap-weth.ts";
import { genericVisualizePortfolio } from "./operations/generic-visualize-portfolio.ts";
import { genericWrapEth } from "./operations/generic-wrap-eth.ts";
import { tokenAddress } from "./operations/token-address.ts";
import { uniswapLiquidityProvisionInRange } from "./operations/uniswap-liquidity-provision-in-range.ts";
import { uniswapLiquidityProvisionIncrease } from "./operations/uniswap-liquidity-provision-increase.ts";
import { uniswapLiquidityProvisionMint } from "./operations/uniswap-liquidity-provision-mint.ts";
import { uniswapLiquidityProvisionPositions } from "./operations/uniswap-liquidity-provision-positions.ts";
import { uniswapLiquidityProvisionWithdraw } from "./operations/uniswap-liquidity-provision-withdraw.ts";
import { uniswapPoolPrice } from "./operations/uniswap-pool-price.ts";
import { uniswapQuoteBuyExactly } from "./operations/uniswap-quote-buy-exactly.ts";
import { uniswapQuoteSellExactly } from "./operations/uniswap-quote-sell-exactly.ts";
import { uniswapSwapBuyExactly } from "./operations/uniswap-swap-buy-exactly.ts";
import { uniswapSwapSellExactly } from "./operations/uniswap-swap-sell-exactly.ts";

/**
 * The frozen v0 surface (spec v1-capabilities.md §10; docs/versions.md): every call a POST, reads ending in `/get`,
 * chains named `base:mainnet`, actions answering the bare transaction with integer fields. Served by the v1
 * operations' own functions (domain/adapt.ts), with `Deprecation` and `Sunset` headers and a document of its own
 * at `/v0/openapi.json`. Not in the SDKs, the CLI or MCP: new integrations use v1 and v2.
 */
const V0: Operation[] = [
  aaveSupply,
  aaveBorrow,
  aaveRepay,
  aaveWithdraw,
  aaveAssetPrice,
  aaveLiquidityChange,
  aaveUserPositionSummary,
  aaveUserPositionPerToken,
  aerodromeSlipstreamSwapSellExactly,
  aerodromeSlipstreamSwapBuyExactly,
  aerodromeSlipstreamLiquidityProvisionMint,
  aerodromeSlipstreamLiquidityProvisionIncrease,
  aerodromeSlipstreamLiquidityProvisionWithdraw,
  aerodromeSlipstreamLiquidityProvisionPositions,
  aerodromeSlipstreamPoolPrice,
  genericPortfolio,
  genericVisualizePortfolio,
  genericPriceUsd,
  genericSupportedTokens,
  genericBalance,
  genericAllowance,
  genericEns,
  genericWrapEth,
  genericUnwrapWeth,
  genericTransferErc20,
  genericTransferNativeToken,
  genericAllowanceSet,
  tokenAddress,
  uniswapSwapBuyExactly,
  uniswapSwapSellExactly,
  uniswapLiquidityProvisionIncrease,
  uniswapLiquidityProvisionMint,
  uniswapLiquidityProvisionWithdraw,
  uniswapQuoteBuyExactly,
  uniswapQuoteSellExactly,
  uniswapPoolPrice,
  uniswapLiquidityProvisionInRange,
  uniswapLiquidityProvisionPositions,
];

/**
 * The v0 operations over `current` (the v1 and v2 operations the registry serves): each runs with them as its
 * `current` port.
 */
export function operations(current: Operation[]): Operation[] {
  const byId: ReadonlyMap<string, Operation> = new Map(current.map((op) => [op.operationId, op]));
  return V0.map((op) => ({
    ...op,
    handler: (input, ctx) => op.handler(input, { ...ctx, services: { ...ctx.services, current: byId } }),
  }));
}
