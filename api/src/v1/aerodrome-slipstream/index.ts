import type { Operation } from "../../kernel/registry/define.ts";
import { liquidityProvisionIncrease } from "./operations/liquidity-provision-increase.ts";
import { liquidityProvisionMint } from "./operations/liquidity-provision-mint.ts";
import { liquidityProvisionPositions } from "./operations/liquidity-provision-positions.ts";
import { liquidityProvisionWithdraw } from "./operations/liquidity-provision-withdraw.ts";
import { poolPrice } from "./operations/pool-price.ts";
import { swapBuyExactly } from "./operations/swap-buy-exactly.ts";
import { swapSellExactly } from "./operations/swap-sell-exactly.ts";

/** The v1 Aerodrome Slipstream group (spec v1-capabilities.md §7, base): pool price, swaps and positions on Slipstream's own contracts. */
export const operations: Operation[] = [
  poolPrice,
  liquidityProvisionPositions,
  swapSellExactly,
  swapBuyExactly,
  liquidityProvisionMint,
  liquidityProvisionIncrease,
  liquidityProvisionWithdraw,
];
