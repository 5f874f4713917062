/**
 * Wire schemas of the v1 swap group (spec v1-capabilities.md §7): a swap routed by Odos's smart order routing, a
 * transaction for `sender` with the quote it was built from.
 */
import { z } from "zod";
import { amountUnion, TokenRef, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { v1Write } from "../../kernel/schemas/v1.ts";

export const OdosSwapRequest = v1Write("ODOS_SWAP", {
  token_in: TokenRef("the symbol or address of the token sold"),
  token_out: TokenRef("the symbol or address of the token bought"),
  amount: amountUnion({ description: "token_in to sell, in human units", example: "100" }),
  max_slippage_percent: z
    .number()
    .gt(0)
    .max(50)
    .describe("percent the output may fall short of the quote (1 = 1 %)"),
}).meta({ id: "OdosSwapRequest" });

export const OdosTransactionResponse = z
  .object({
    transaction: UnsignedTransaction,
    amount_out_quote: z
      .string()
      .describe(
        "token_out the route returns at the quote (human units); at least this less the slippage arrives",
      ),
  })
  .meta({ id: "OdosTransactionResponse" });
