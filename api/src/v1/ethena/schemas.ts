/**
 * Wire schemas of the v1 Ethena group (spec v1-capabilities.md §5): sUSDe, Ethena's staked USDe — an ERC-4626
 * read at any block with the wallet's cooldown, a deposit, the cooldown request that starts a withdrawal, and
 * the unstake that ends it. Ethereum only.
 */
import { z } from "zod";
import { Address, amountUnion, UnsignedTransaction } from "../../kernel/schemas/common.ts";
import { EthereumChain, v1Block, v1Write } from "../../kernel/schemas/v1.ts";
import { VaultGetVaultResponse } from "../../kernel/schemas/v1-vaults.ts";

export const EthenaVaultQuery = z.object({
  chain: EthereumChain.default("ethereum"),
  block: v1Block(),
  user_address: Address.nullish().describe("include this wallet's sUSDe and its cooldown"),
});
const days = z.number().describe("sUSDe's cooldown, in days (0: withdrawals are immediate)");
export const EthenaGetVaultResponse = VaultGetVaultResponse.extend({
  cooldown_duration_days: days,
  cooldown_position: z
    .object({
      amount_in_underlying_asset: z.string().describe("USDe in cooldown (human units)"),
      cooldown_end: z
        .union([z.string(), z.boolean()])
        .describe("when it can be unstaked (ISO 8601), or false with nothing in cooldown"),
      can_be_withdrawn: z.boolean().describe("whether `unstake` pays it out now"),
    })
    .nullish()
    .meta({ id: "CooldownPosition" }),
}).meta({ id: "EthenaGetVaultResponse" });

const receiver = Address.nullish().describe(
  "who gets the sUSDe (deposit) or the USDe (unstake); default the sender",
);
export const EthenaDepositRequest = v1Write(
  "ETHENA_DEPOSIT",
  { amount: amountUnion({ description: "USDe to stake, in human units", example: "100" }), receiver },
  EthereumChain,
).meta({ id: "EthenaDepositRequest" });
export const EthenaRequestToWithdrawRequest = v1Write(
  "ETHENA_REQUEST_WITHDRAW",
  {
    amount: z
      .union([z.literal("ALL"), amountUnion({ description: "USDe to start withdrawing", example: "100" })])
      .describe('USDe to put in cooldown (human units), or "ALL": every share the sender holds'),
  },
  EthereumChain,
).meta({ id: "EthenaRequestToWithdrawRequest" });
export const EthenaUnstakeRequest = v1Write("ETHENA_UNSTAKE", { receiver }, EthereumChain).meta({
  id: "EthenaUnstakeRequest",
});
export const EthenaRequestToWithdrawTransactionResponse = z
  .object({ transaction: UnsignedTransaction, cooldown_duration_days: days })
  .meta({ id: "EthenaRequestToWithdrawTransactionResponse" });
