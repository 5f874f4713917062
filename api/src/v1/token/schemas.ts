/** Wire schemas of the v1 token operations. */
import { z } from "zod";

export { V1Chain } from "../../kernel/schemas/v1.ts";

export const TokenBalanceResponse = z
  .object({
    amount: z.string().describe("balance in human units"),
    decimals: z.int(),
    token_symbol: z.string(),
    token_address: z.string().describe("token contract, or the zero address for the native coin"),
    balance_raw: z.string().describe("balance in the token's smallest unit"),
    block_number: z.int().describe("block the balance was read at"),
  })
  .meta({ id: "TokenBalanceResponse" });
