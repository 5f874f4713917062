import { onrampCreateOp } from "../ops/onramp/create.ts";
import { onrampQuoteOp } from "../ops/onramp/quote.ts";
import { onrampStatusOp } from "../ops/onramp/status.ts";
import { perpetualTrading } from "../ops/perpetual-trading/index.ts";
import { tokenBalance } from "../ops/v1/token-balance.ts";
import { approveTransfer } from "../ops/v2/gas-sponsorship/approve-transfer.ts";
import { prepare } from "../ops/v2/gas-sponsorship/prepare.ts";
import { createAccount } from "../ops/v2/tokenized-assets/create-account.ts";
import { balances, positions } from "../ops/v2/tokenized-assets/holdings.ts";
import { market } from "../ops/v2/tokenized-assets/market.ts";
import { markets } from "../ops/v2/tokenized-assets/markets.ts";
import { redemptions } from "../ops/v2/tokenized-assets/redemptions.ts";
import { buy, sell } from "../ops/v2/tokenized-assets/trade.ts";
import { transfer } from "../ops/v2/tokenized-assets/transfer.ts";
import type { Operation } from "./define.ts";

/** Every operation the API serves. Surfaces (routes, OpenAPI, SDKs, CLI, MCP) derive from this list. */
export const operations: Operation[] = [
  tokenBalance,
  onrampQuoteOp,
  onrampCreateOp,
  onrampStatusOp,
  markets,
  market,
  positions,
  balances,
  redemptions,
  createAccount,
  transfer,
  buy,
  sell,
  prepare,
  approveTransfer,
  ...perpetualTrading,
];
