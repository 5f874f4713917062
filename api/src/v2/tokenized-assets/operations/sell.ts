import { defineOperation } from "../../../kernel/registry/define.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { transact } from "../domain/trade/index.ts";
import { TRADE_CLI, TRADE_ERRORS, TradeRequest, TradeResponse } from "../schemas.ts";

export const sell = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/transact/sell",
  name: "sell",
  summary: "Sell a tokenized asset",
  description:
    'Sells `token_in` for USDC into the Tokenized Assets Account. Secondary-market assets swap instantly within `slippage`, optionally paying `fee` from the proceeds; fund shares go back to the issuer and USDC is paid at the next NAV cycle (`settlement: "async"`). Simulated before it is returned.',
  body: TradeRequest,
  response: TradeResponse,
  errors: TRADE_ERRORS,
  errorModel: "domain",
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: TRADE_CLI,
  handler: ({ body }, ctx: TokenizedAssetsContext) => transact("sell", body, ctx),
});
