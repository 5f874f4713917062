import type { Operation } from "../../kernel/registry/define.ts";
import { aaveMarkets } from "./operations/aave-markets.ts";
import { balances } from "./operations/balances.ts";
import { bundle } from "./operations/bundle.ts";
import { createAccount } from "./operations/create-account.ts";
import { manage } from "./operations/manage.ts";
import { pendleMarkets } from "./operations/pendle-markets.ts";
import { positions } from "./operations/positions.ts";
import { positionsAll } from "./operations/positions-all.ts";
import { swap } from "./operations/swap.ts";
import { swapQuote } from "./operations/swap-quote.ts";
import { transfer } from "./operations/transfer.ts";
import { vaults } from "./operations/vaults.ts";

/** The /v2/earn operations (spec earn-and-credit.md Part A), in the spec's order as they land. */
export const operations: Operation[] = [
  positions,
  positionsAll,
  vaults,
  aaveMarkets,
  pendleMarkets,
  swapQuote,
  balances,
  createAccount,
  transfer,
  manage,
  swap,
  bundle,
];
