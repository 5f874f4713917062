/** Wire schemas of the /v2/earn operations (spec earn-and-credit.md Part A, product-accounts.md). */
import { z } from "zod";
import { TokenBalance, TransferAction } from "../product-accounts/index.ts";
import { Address, amountUnion, Chain, TokenRef, TypedData, UnsignedTransaction } from "../schemas/common.ts";

/** The chains Earn serves (spec: earn enum). A deployment without one of them answers 422 on `chain`. */
export const EarnChain = z.enum(["arbitrum", "base", "bsc", "ethereum", "tempo"]).meta({ id: "EarnChain" });

export const EarnCreateAccountRequest = z
  .object({
    chain: EarnChain,
    sender: Address.describe("wallet that signs and pays for the creation transaction"),
    owner: Address.describe("EOA that will own and control the account"),
    estimate_gas: z.boolean().default(true).describe("estimate gas (which also simulates the transaction)"),
  })
  .meta({ id: "EarnCreateAccountRequest" });

export const EarnCreateAccountResponse = z
  .object({
    transaction: UnsignedTransaction.nullable(),
    earn_account_address: z.string().describe("predicted (or existing) account address"),
  })
  .meta({ id: "EarnCreateAccountResponse" });

export const EarnTransferRequest = z
  .object({
    owner: Address.describe("owner wallet"),
    chain: Chain,
    token: TokenRef("symbol (e.g. USDC) or 0x address of any ERC-20"),
    amount: amountUnion({ description: "amount in human units" }),
    action: TransferAction,
    gas_sponsorship: z.boolean().default(false).describe("return typed data for a sponsor to relay"),
    spender: Address.nullish().describe(
      "sponsored DEPOSIT only: who calls Permit2 (a sponsor); default the account itself (bundles)",
    ),
    recipient: Address.nullish().describe("WITHDRAW only: pay out to this address instead of the owner"),
  })
  .meta({ id: "EarnTransferRequest" });

export const EarnTransferResponse = z
  .object({ transaction: UnsignedTransaction.nullable(), eip_712: TypedData.nullable() })
  .meta({ id: "EarnTransferResponse" });

export const EarnBalancesQuery = z.object({
  chain: EarnChain,
  owner: Address.describe("owner wallet; the Earn Account is derived from it"),
});

export const EarnBalancesResponse = z
  .object({
    earn_account_address: z.string(),
    balances: z.record(z.string(), TokenBalance),
    total_usd_value: z.string().nullable(),
  })
  .meta({ id: "EarnBalancesResponse" });
