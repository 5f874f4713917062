import type { Operation } from "../../kernel/registry/define.ts";
import { liquidityProvisionInRange } from "./operations/liquidity-provision-in-range.ts";
import { liquidityProvisionIncrease } from "./operations/liquidity-provision-increase.ts";
import { liquidityProvisionMint } from "./operations/liquidity-provision-mint.ts";
import { liquidityProvisionPositions } from "./operations/liquidity-provision-positions.ts";
import { liquidityProvisionWithdraw } from "./operations/liquidity-provision-withdraw.ts";
import { poolPrice } from "./operations/pool-price.ts";
import { quoteBuyExactly } from "./operations/quote-buy-exactly.ts";
import { quoteSellExactly } from "./operations/quote-sell-exactly.ts";
import { swapBuyExactly } from "./operations/swap-buy-exactly.ts";
import { swapSellExactly } from "./operations/swap-sell-exactly.ts";

/** The v1 Uniswap V3 group (spec v1-capabilities.md §7): quotes, the pool price, swaps and positions, on the real contracts. */
export const operations: Operation[] = [
  quoteBuyExactly,
  quoteSellExactly,
  poolPrice,
  liquidityProvisionInRange,
  liquidityProvisionPositions,
  swapBuyExactly,
  swapSellExactly,
  liquidityProvisionMint,
  liquidityProvisionIncrease,
  liquidityProvisionWithdraw,
];
