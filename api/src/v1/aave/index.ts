import type { Operation } from "../../kernel/registry/define.ts";
import { aaveSupportedTokens } from "./operations/aave-supported-tokens.ts";
import { avgRate } from "./operations/avg-rate.ts";
import { borrow } from "./operations/borrow.ts";
import { historicalTransactions } from "./operations/historical-transactions.ts";
import { liquidityChange } from "./operations/liquidity-change.ts";
import { rate } from "./operations/rate.ts";
import { repay } from "./operations/repay.ts";
import { reserveOverview } from "./operations/reserve-overview.ts";
import { stdRate } from "./operations/std-rate.ts";
import { supply } from "./operations/supply.ts";
import { tokenPrice } from "./operations/token-price.ts";
import { userPositionPerToken } from "./operations/user-position-per-token.ts";
import { userPositionSummary } from "./operations/user-position-summary.ts";
import { withdraw } from "./operations/withdraw.ts";

/** The v1 Aave V3 group (spec v1-capabilities.md §2): reads at any block, and the four pool writes. */
export const operations: Operation[] = [
  aaveSupportedTokens,
  rate,
  avgRate,
  stdRate,
  reserveOverview,
  tokenPrice,
  liquidityChange,
  userPositionSummary,
  userPositionPerToken,
  historicalTransactions,
  supply,
  borrow,
  repay,
  withdraw,
];
