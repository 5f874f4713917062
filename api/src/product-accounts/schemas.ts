/** Wire shapes every product account shares (spec product-accounts.md §1–§3, §5). */
import { z } from "zod";
import {
  Address,
  amountUnion,
  bigIntField,
  TokenRef,
  TypedData,
  UnsignedTransaction,
} from "../kernel/schemas/common.ts";
import { PRODUCT_LABEL, type Product } from "./domain/products.ts";

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

/* ---- the account operations every product offers (create_account, balances, transfer, bundle) ---- */

type AccountKey<P extends string> = `${P}_account_address`;
const accountKey = <P extends string>(product: P, schema: z.ZodString) =>
  ({ [`${product}_account_address`]: schema }) as Record<AccountKey<P>, z.ZodString>;

/** `create_account`'s request fields besides `chain` (spec §1). */
export const createAccountFields = {
  sender: Address.describe("wallet that signs and pays for the creation transaction"),
  owner: Address.describe("EOA that will own and control the account"),
  estimate_gas: z.boolean().default(true).describe("estimate gas (which also simulates the transaction)"),
};

/** `create_account`'s request (spec §1) for a product whose `chain` is one of `chain`'s values. */
export function createAccountRequest<C extends z.ZodType>(id: string, chain: C) {
  return z.object({ chain, ...createAccountFields }).meta({ id });
}

/** The query of a product's account reads (`balances`, `positions`): the chain, and the owner it is derived from. */
export function accountQuery<C extends z.ZodType>(chain: C, product: Product) {
  return z.object({
    chain,
    owner: Address.describe(`owner wallet; the ${PRODUCT_LABEL[product]} is derived from it`),
  });
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

/** Any ERC-20, by symbol or address. */
const anyToken = () => TokenRef("symbol (e.g. USDC) or 0x address of any ERC-20");

/**
 * `transfer`'s request fields (spec §3) on `chain`; `token` any ERC-20 unless the product says otherwise. Earn adds
 * `recipient`.
 */
export function transferFields<C extends z.ZodType>(chain: C, token = anyToken()) {
  return {
    owner: Address.describe("owner wallet"),
    chain,
    token,
    amount: amountUnion({ description: "amount in human units" }),
    action: TransferAction,
    gas_sponsorship: z.boolean().default(false).describe("return typed data for a sponsor to relay"),
    spender: Address.nullish().describe(
      "sponsored DEPOSIT only: who calls Permit2 (a sponsor); default the account itself (bundles)",
    ),
  };
}

/**
 * An account action's answer (spec README §6): the transaction the owner sends, or the typed data the owner signs
 * for a sponsor to relay (a SafeTx, or Permit2's for a sponsored deposit); exactly one of the two is set.
 */
export const actionEnvelopeFields = {
  transaction: UnsignedTransaction.nullable(),
  eip_712: TypedData.nullable(),
};

/** `transfer`'s response (spec §3). */
export const transferResponse = (id: string) => z.object(actionEnvelopeFields).meta({ id });

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

/** `bundle`'s response: the action envelope and how many calls it bundles. */
export const bundleResponse = (id: string) =>
  z
    .object({
      ...actionEnvelopeFields,
      actions_count: z.int().describe("number of calls bundled into the one transaction"),
    })
    .meta({ id });

/* ---- the bundle actions earn's and credit's bundles share (spec §5) ---- */

export const BundleSwapAction = z
  .object({
    action_type: z.literal("V2_SWAP"),
    token_in: anyToken(),
    token_out: anyToken(),
    amount_in: amountUnion({ description: "human units of token_in" }),
    slippage: amountUnion({ description: "percent, e.g. 0.5" }).nullish(),
  })
  .meta({ id: "V2SwapAction" });

export const BundleTransferFromEoaAction = z
  .object({
    action_type: z.literal("V2_TRANSFER_FROM_EOA"),
    token: anyToken(),
    amount: amountUnion({ description: "human units" }),
    permit2_signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/)
      .describe("the owner's signature of the Permit2 typed data"),
    permit2_nonce: bigIntField({ description: "the typed data's message.nonce" }),
    permit2_deadline: bigIntField({ description: "the typed data's message.deadline" }),
  })
  .meta({ id: "V2TransferFromEoaAction" });

export const BundleTransferToEoaAction = z
  .object({
    action_type: z.literal("V2_TRANSFER_TO_EOA"),
    token: anyToken(),
    amount: amountUnion({ description: "human units" }),
  })
  .meta({ id: "V2TransferToEoaAction" });
