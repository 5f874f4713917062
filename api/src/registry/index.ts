import { onrampCreateOp } from "../ops/onramp/create.ts";
import { onrampQuoteOp } from "../ops/onramp/quote.ts";
import { onrampStatusOp } from "../ops/onramp/status.ts";
import { perpetualTrading } from "../ops/perpetual-trading/index.ts";
import { tokenBalance } from "../ops/v1/token-balance.ts";
import type { Operation } from "./define.ts";

/** Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. */
export const operations: Operation[] = [
  tokenBalance,
  onrampQuoteOp,
  onrampCreateOp,
  onrampStatusOp,
  ...perpetualTrading,
];
