/** Wire schemas of the v1 token operations. */
import { z } from "zod";
import { Address, amountUnion, qInt, TokenRef } from "../../kernel/schemas/common.ts";
import { V1Chain, v1Block, v1Write } from "../../kernel/schemas/v1.ts";

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

export const TokenBalanceQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  user: Address.describe("wallet whose balance to read"),
  token: TokenRef("token symbol (e.g. USDC, ETH) or contract address").default("USDC"),
  block: qInt({
    min: 0,
    description: "block number for a historical read; latest when omitted",
  }).optional(),
});

export const TokenPriceQuery = z.object({
  chain: V1Chain.default("ethereum"),
  block: v1Block(),
  token: TokenRef("the symbol or address of the token to price").default("AAVE"),
});

export const TokenPriceResponse = z
  .object({ price: z.string().describe("USD per whole token") })
  .meta({ id: "TokenPriceResponse" });

export const TokenTransferRequest = v1Write("TOKEN_TRANSFER", {
  to: Address.describe("the recipient").meta({
    examples: ["0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B"],
  }),
  token: TokenRef("the symbol or address of the token to send; ETH for the native coin"),
  amount: amountUnion({ description: "human units", example: "1.5" }),
}).meta({ id: "TokenTransferRequest" });
