/** Wire shapes shared by the perpetual-trading operations (spec perpetual-trading.md §2). */
import type { Hex } from "viem";
import { z } from "zod";
import { Address, bigIntField, decimalString, SafeInt, TypedData } from "../../kernel/schemas/common.ts";

const id = (name: string) => `PerpetualTrading${name}`;

/** Bare ticker as the spec takes it; `xyz:`-prefixed names and any case are accepted too. */
export const Asset = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^([a-z0-9]+:)?[A-Za-z0-9]+$/, "Input should be a ticker such as AAPL, GOLD or EUR")
  .meta({ description: "ticker, e.g. AAPL, GOLD, EUR (the `xyz:` prefix is optional)", examples: ["AAPL"] });

export const Side = z.enum(["buy", "sell"]).meta({ id: id("Side") });

export const Builder = z
  .object({
    address: Address.describe(
      "fee recipient; must not be the zero address and must hold ≥ 100 USDC at the venue",
    ),
    max_fee_rate: z
      .string()
      .trim()
      .regex(/^[0-9]+(\.[0-9]+)?%$/, 'Input should be a percentage ending in "%", e.g. "0.01%"')
      .describe('fee rate in percent with a trailing "%", at most "0.1%" on orders, e.g. "0.01%"'),
  })
  .meta({ id: id("Builder") });

export const SignableAction = z
  .object({
    typed_data: TypedData.describe("EIP-712 payload to sign with eth_signTypedData_v4"),
    action: z.record(z.string(), z.unknown()).describe("raw venue action; send back unchanged to /execute"),
    nonce: z.int().describe("millisecond timestamp the action was hashed with; send back unchanged"),
  })
  .meta({ id: id("SignableActionResponse") });

export const Position = z
  .object({
    asset: z.string(),
    asset_id: z.int().describe("venue asset index (`a` in actions)"),
    side: z.enum(["long", "short"]),
    size: z.string().describe("contracts (absolute)"),
    entry_price: z.string(),
    mark_price: z.string(),
    liquidation_price: z.string().nullable().describe("estimate; null when the account cannot be liquidated"),
    unrealized_pnl: z.string().describe("USD"),
    leverage: z.string(),
    margin_used: z.string().describe("USD"),
    funding_accrued: z.string().describe("cumulative funding since open; negative = paid"),
  })
  .meta({ id: id("Position") });

export const Fill = z
  .object({
    asset: z.string(),
    side: Side,
    price: z.string(),
    size: z.string().describe("contracts"),
    fee: z.string().describe("USDC, builder fee included"),
    builder_fee: z.string().nullable().describe("USDC part of `fee` paid to the builder"),
    closed_pnl: z.string().nullable().describe("realised USDC (before fees)"),
    order_id: z.int(),
    time_ms: z.int(),
  })
  .meta({ id: id("Fill") });

export const OpenOrder = z
  .object({
    asset: z.string(),
    side: Side,
    limit_price: z.string(),
    size: z.string().describe("remaining contracts"),
    order_id: z.int(),
    time_ms: z.int(),
    reduce_only: z.boolean(),
    trigger_price: z
      .string()
      .optional()
      .describe("Compass extension: a take profit or stop loss waiting for the mark to reach this price"),
    tpsl: z.enum(["tp", "sl"]).optional().describe("Compass extension: which, when `trigger_price` is set"),
  })
  .meta({ id: id("OpenOrder") });

export const LeverageResponse = z
  .object({
    leverage_ok: z.boolean().describe("true = already at target; nothing to sign"),
    typed_data: TypedData.nullable(),
    action: z.record(z.string(), z.unknown()).nullable(),
    nonce: z.int().nullable(),
  })
  .meta({ id: id("LeverageResponse") });

/**
 * The chain id a user-signed action is signed for (its `signatureChainId` and the typed data's
 * `domain.chainId`). Compass extension: browser wallets sign typed data only for their active chain, so a
 * client passes it; the venue accepts any. Default 421614 (`0x66eee`), as the venue's own front end signs.
 */
export const SIGNATURE_CHAIN_ID_DEFAULT = 421614;
export const SignatureChainId = SafeInt.min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .default(SIGNATURE_CHAIN_ID_DEFAULT)
  .meta({
    description:
      "Compass extension: chain id the wallet signs for (its active chain; sets `signatureChainId` and `domain.chainId`). Default 421614",
    examples: [42161],
  });

/** Compass extension: a take profit or stop loss, a trigger order at the venue. */
export const TpSl = z
  .object({
    trigger_price: decimalString({
      description: "USD; fires when the mark price reaches it",
      example: "250",
    }),
    limit_price: decimalString({
      description: "USD limit once triggered; absent or null: a market order (the venue's 10% band)",
      example: "249",
    })
      .nullable()
      .optional(),
  })
  .meta({ id: id("TpSl") });

/** Compass extension: the optional take profit and stop loss of an order or a position. */
export const TpSlFields = {
  take_profit: TpSl.nullable()
    .optional()
    .describe("Compass extension: close the position at a profit when the mark reaches trigger_price"),
  stop_loss: TpSl.nullable()
    .optional()
    .describe("Compass extension: close the position at a loss when the mark reaches trigger_price"),
};

export const OwnerAsset = {
  owner: Address.describe("user EOA (the venue account)"),
  asset: Asset,
};

/** USDC amounts in human units, 6 decimals at most. */
export const Usdc = (description: string, example: string) =>
  decimalString({ maxDecimals: 6, description, example });

/** A 65-byte ECDSA signature as wallets return it, with or without 0x. */
export const HexSignature = (description: string) =>
  z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{130}$/, "Input should be a 65-byte hex signature")
    .transform((s) => (s.startsWith("0x") ? s : `0x${s}`) as Hex)
    .meta({ description });

export const OrderSize = decimalString({
  description: "contracts, human units (a multiple of the market's size step)",
  example: "0.5",
});

export const ClientOrderId = bigIntField({
  max: 2n ** 128n - 1n,
  format: "uint128",
  description: "caller's id for the order, uint128 (sent to the venue as its 16-byte cloid)",
});

/** An owner's signed deposit permit, for a sponsor wallet to relay (deposit/sponsor_prepare). */
export const SponsoredDepositRequest = z
  .object({
    owner: Address.describe("permit signer (Arbitrum EOA)"),
    amount_raw: SafeInt.min(1).describe("as returned by /deposit"),
    deadline: SafeInt.min(0).describe("permit.message.deadline (unix s)"),
    signature: HexSignature("owner's permit signature, 65-byte hex, with or without 0x"),
    sender: Address.describe("sponsor wallet that will broadcast (sets `from` and nonce)"),
  })
  .meta({ id: "PerpetualTradingSponsorPrepareRequest" });
