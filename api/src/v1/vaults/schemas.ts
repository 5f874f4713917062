/**
 * Wire schemas of the v1 ERC-4626 group (spec v1-capabilities.md §6): any vault by address, read at any block;
 * deposits and withdrawals the sender signs. Amounts in responses are decimal strings in human units.
 */
import { z } from "zod";
import { Address, amountUnion } from "../../kernel/schemas/common.ts";
import { V1Chain, v1Block, v1Write } from "../../kernel/schemas/v1.ts";

/** The reference's example vault (its docs and clients default to it). */
const EXAMPLE_VAULT = "0x182863131F9a4630fF9E27830d945B1413e347E8";

export const VaultQuery = (chain: "ethereum") =>
  z.object({
    chain: V1Chain.default(chain),
    block: v1Block(),
    vault_address: Address.describe("the ERC-4626 vault to read").default(EXAMPLE_VAULT),
    user_address: Address.nullish().describe("include this wallet's position in the vault"),
  });

export const VaultGetVaultResponse = z
  .object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.int().describe("the share token's decimals"),
    total_assets: z.string().describe("assets the vault holds, in the underlying token"),
    total_supply: z.string().describe("shares issued"),
    share_price: z.string().describe("underlying tokens one share redeems for"),
    underlying_token: z
      .object({ address: z.string(), name: z.string(), symbol: z.string(), decimals: z.int() })
      .meta({ id: "UnderlyingToken" }),
    apy: z
      .object({
        current: z.string().describe("percent a year, from the share price over the last hour"),
        apy_1_day: z.string().describe("percent a year, from the share price over the last day"),
        apy_7_day: z.string().describe("percent a year, over the last 7 days"),
        apy_30_day: z.string().describe("percent a year, over the last 30 days"),
      })
      .meta({
        id: "Apy",
        description:
          "annualised, compounded growth of the share price up to the block read; a vault younger than a window is measured over its life",
      }),
    user_position: z
      .object({
        amount_of_shares: z.string(),
        amount_in_underlying_token: z.string().describe("what the shares redeem for at the block read"),
      })
      .nullable()
      .optional()
      .meta({ id: "VaultUserPosition" }),
  })
  .meta({ id: "VaultGetVaultResponse" });

const receiver = Address.nullish().describe("who receives the shares or tokens (default: sender)");

export const VaultDepositRequest = v1Write("VAULT_DEPOSIT", {
  vault_address: Address.describe("the ERC-4626 vault to deposit into"),
  amount: amountUnion({ description: "underlying tokens to deposit, in human units", example: "1.5" }),
  receiver,
}).meta({ id: "VaultDepositRequest" });

export const VaultWithdrawRequest = v1Write("VAULT_WITHDRAW", {
  vault_address: Address.describe("the ERC-4626 vault to withdraw from"),
  amount: z
    .union([z.literal("ALL"), amountUnion({ description: "underlying tokens to withdraw", example: "1.5" })])
    .describe('underlying tokens to withdraw in human units, or "ALL": every share redeemed'),
  receiver,
}).meta({ id: "VaultWithdrawRequest" });
