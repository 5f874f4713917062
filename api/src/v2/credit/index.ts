import type { Operation } from "../../kernel/registry/define.ts";
import { balances } from "./operations/balances.ts";
import { borrow } from "./operations/borrow.ts";
import { bundle } from "./operations/bundle.ts";
import { createAccount } from "./operations/create-account.ts";
import { eulerMarkets } from "./operations/euler-markets.ts";
import { loop } from "./operations/loop.ts";
import { loopedPositions } from "./operations/looped-positions.ts";
import { morphoMarkets } from "./operations/morpho-markets.ts";
import { positions } from "./operations/positions.ts";
import { rebalance } from "./operations/rebalance.ts";
import { repay } from "./operations/repay.ts";
import { transfer } from "./operations/transfer.ts";
import { unloop } from "./operations/unloop.ts";

/** The /v2/credit operations (spec earn-and-credit.md Part B), in the spec's order as they land. */
export const operations: Operation[] = [
  positions,
  balances,
  loopedPositions,
  eulerMarkets,
  morphoMarkets,
  createAccount,
  borrow,
  loop,
  unloop,
  rebalance,
  transfer,
  repay,
  bundle,
];
