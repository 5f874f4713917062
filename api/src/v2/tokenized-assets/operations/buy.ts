import { defineOperation } from "../../../kernel/registry/define.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { transact } from "../domain/trade/index.ts";
import { TRADE_CLI, TRADE_ERRORS, TradeRequest, TradeResponse } from "../schemas.ts";

export const buy = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/transact/buy",
  name: "buy",
  summary: "Buy a tokenized asset",
  description:
    'Buys `token_out` with USDC held in the Tokenized Assets Account. Secondary-market assets swap instantly on the venue within `slippage`; the money-market fund (sandbox, `ethereum_sepolia`) sends USDC to the issuer and mints shares at its next NAV cycle (`settlement: "async"`, poll `poll_endpoint`). Returns `transaction` for the owner to send, or with `gas_sponsorship` SafeTx typed data to sign for `POST /v2/gas_sponsorship/prepare`. Simulated before it is returned.',
  body: TradeRequest,
  response: TradeResponse,
  errors: TRADE_ERRORS,
  errorModel: "domain",
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: TRADE_CLI,
  handler: ({ body }, ctx: TokenizedAssetsContext) => transact("buy", body, ctx),
});
