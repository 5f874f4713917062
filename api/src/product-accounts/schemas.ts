/** Wire shapes every product account shares (spec product-accounts.md §2, §3). */
import { z } from "zod";

export const TokenTransfer = z
  .object({
    from_address: z.string(),
    to_address: z.string(),
    amount: z.string().describe("raw units"),
    amount_formatted: z.string(),
    block_number: z.int(),
    block_timestamp: z.string(),
    transaction_hash: z.string(),
    direction: z.enum(["in", "out"]),
  })
  .meta({ id: "TokenTransfer" });

export const TokenBalance = z
  .object({
    token_address: z.string(),
    token_symbol: z.string(),
    token_decimals: z.int(),
    balance: z.string().describe("raw on-chain balance"),
    balance_formatted: z.string(),
    usd_value: z.string().nullable(),
    transfers: z.array(TokenTransfer),
  })
  .meta({ id: "TokenBalance" });

export const TransferAction = z.enum(["DEPOSIT", "WITHDRAW"]).meta({ id: "TransferAction" });
