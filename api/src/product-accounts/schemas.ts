/** Wire shapes every product account shares (spec product-accounts.md §2, §3). */
import { z } from "zod";
import { Address, TypedData, UnsignedTransaction } from "../kernel/schemas/common.ts";

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

/* ---- the account operations every product with a required chain shares (earn, credit) ---- */

type AccountKey<P extends string> = `${P}_account_address`;
const accountKey = <P extends string>(product: P, schema: z.ZodString) =>
  ({ [`${product}_account_address`]: schema }) as Record<AccountKey<P>, z.ZodString>;

/** `create_account`'s request (spec §1) for a product whose `chain` is one of `chain`'s values. */
export function createAccountRequest<C extends z.ZodType>(id: string, chain: C) {
  return z
    .object({
      chain,
      sender: Address.describe("wallet that signs and pays for the creation transaction"),
      owner: Address.describe("EOA that will own and control the account"),
      estimate_gas: z.boolean().default(true).describe("estimate gas (which also simulates the transaction)"),
    })
    .meta({ id });
}

/** `create_account`'s response (spec §1): the creation transaction, null once deployed, and the address. */
export function createAccountResponse<P extends string>(id: string, product: P) {
  return z
    .object({
      transaction: UnsignedTransaction.nullable(),
      ...accountKey(product, z.string().describe("predicted (or existing) account address")),
    })
    .meta({ id });
}

/** `balances`' response (spec §2). */
export function balancesResponse<P extends string>(id: string, product: P) {
  return z
    .object({
      ...accountKey(product, z.string()),
      balances: z.record(z.string(), TokenBalance),
      total_usd_value: z.string().nullable(),
    })
    .meta({ id });
}

/** `transfer`'s response (spec §3): exactly one of the two is set. */
export const transferResponse = (id: string) =>
  z.object({ transaction: UnsignedTransaction.nullable(), eip_712: TypedData.nullable() }).meta({ id });

/** `bundle`'s request: the product's actions, run in order as the account in one transaction. */
export function bundleRequest<C extends z.ZodType, A extends z.ZodType>(id: string, chain: C, action: A) {
  return z
    .object({
      owner: Address.describe("owner wallet"),
      chain,
      actions: z.array(action).min(1).max(20).describe("executed in order, all or nothing"),
      gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
    })
    .meta({ id });
}

/** `bundle`'s response: exactly one of the two is set. */
export const bundleResponse = (id: string) =>
  z
    .object({
      transaction: UnsignedTransaction.nullable(),
      eip_712: TypedData.nullable(),
      actions_count: z.int().describe("number of calls bundled into the one transaction"),
    })
    .meta({ id });
