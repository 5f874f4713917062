import type { Operation } from "../../kernel/registry/define.ts";
import { allowance } from "./operations/allowance.ts";
import { allowanceSet } from "./operations/allowance-set.ts";
import { ens } from "./operations/ens.ts";
import { portfolio } from "./operations/portfolio.ts";
import { supportedChains } from "./operations/supported-chains.ts";
import { unwrapWeth } from "./operations/unwrap-weth.ts";
import { wrapEth } from "./operations/wrap-eth.ts";

/** The v1 generic group (spec v1-capabilities.md §9): portfolio, supported chains, allowances, ENS, WETH. */
export const operations: Operation[] = [
  portfolio,
  supportedChains,
  allowance,
  ens,
  allowanceSet,
  wrapEth,
  unwrapWeth,
];
