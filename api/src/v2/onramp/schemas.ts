/** Wire shapes of `/v2/onramp/*` (spec onramp.md §2–§4), named as the spec names them. */
import { z } from "zod";
import { Address, decimalString } from "../../kernel/schemas/common.ts";

const fiatAmount = decimalString({
  maxDecimals: 2,
  description: "Fiat to convert to USDC, as a decimal string; provider and network fees are charged on top",
  example: "100",
});

const fiatCurrency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "Input should be a 3-letter ISO-4217 currency code like USD")
  .transform((c) => c.toUpperCase())
  .default("USD")
  .meta({ description: "ISO-4217 code of the card payment", examples: ["USD"] });

export const OnrampQuoteRequest = z
  .object({
    fiat_amount: fiatAmount,
    fiat_currency: fiatCurrency,
    destination_address: Address.describe("Wallet that receives the USDC on Ethereum"),
  })
  .meta({ id: "OnrampQuoteRequest" });

export const OnrampCreateRequest = OnrampQuoteRequest.extend({
  quote_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .nullable()
    .optional()
    .describe(
      "An earlier quote's `quote_id` (from `quote`): create checks this request against it (stale: 410; another amount or currency: 422). The provider prices the payment as it is created",
    ),
}).meta({ id: "OnrampCreateRequest" });

export const OnrampFees = z
  .object({
    provider_fee: z.string().describe("provider's fee, in the fiat currency"),
    network_fee: z.string().describe("Ethereum gas for the delivery, in the fiat currency"),
    business_fees: z.string().optional().describe('always "0": no operator fee is charged'),
  })
  .meta({ id: "OnrampFees" });

export const OnrampQuote = z
  .object({
    fiat_amount: z.string().describe("fiat converted to USDC (fees are on top)"),
    fiat_currency: z.string().describe("ISO-4217 code"),
    output_amount: z.string().describe("USDC delivered, human units (6-decimal token)"),
    output_asset: z.literal("USDC").optional(),
    output_chain: z.literal("Ethereum").optional().describe("display name of the delivery chain"),
    exchange_rate: z.string().describe("USDC per unit of fiat"),
    fees: OnrampFees,
    min_amount: z.string().nullable().optional().describe("smallest fiat_amount the provider accepts"),
    max_amount: z.string().nullable().optional().describe("largest fiat_amount the provider accepts"),
    expires_at: z.string().nullable().optional().describe("ISO-8601; the quote is stale after this"),
    quote_id: z
      .string()
      .nullable()
      .optional()
      .describe(
        "pass to `create` as quote_id: it checks the payment is for this quote's amount and currency, before the quote expires",
      ),
  })
  .meta({ id: "OnrampQuote" });

export const OnrampPaymentStatus = z.enum(["pending", "processing", "delivered", "failed"]).meta({
  id: "OnrampPaymentStatus",
  description:
    "pending: not yet paid; processing: paid, USDC on its way; delivered: USDC in the wallet (terminal); failed: declined, expired or refunded (terminal)",
});

export const OnrampCreate = z
  .object({
    payment_id: z.string().describe("provider payment id; poll GET /v2/onramp/status with it"),
    deposit_address: z
      .string()
      .describe("one-time wallet of this payment, owned only by destination_address; never send funds to it"),
    checkout_url: z.string().describe("page where the user pays by card (and verifies identity if asked)"),
    user_instructions: z.string(),
    status: OnrampPaymentStatus,
    quote: OnrampQuote,
  })
  .meta({ id: "OnrampCreate" });

export const OnrampStatusQuery = z.object({
  payment_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:-]+$/, "Input should be a payment id returned by create")
    .describe("the payment_id returned by create"),
});

export const OnrampStatus = z
  .object({
    payment_id: z.string(),
    status: OnrampPaymentStatus,
    output_amount_delivered: z
      .string()
      .nullable()
      .optional()
      .describe("USDC delivered, human units; read from the delivery transaction"),
    delivery_tx_hash: z
      .string()
      .nullable()
      .optional()
      .describe("Ethereum transaction that delivered the USDC"),
    destination_address: z.string().nullable().optional(),
    updated_at: z.string().nullable().optional().describe("ISO-8601 time of the last status change"),
  })
  .meta({ id: "OnrampStatus" });

export const ONRAMP_ERRORS = {
  400: { status: 400, description: "Unsupported currency" },
  402: { status: 402, description: "Identity verification required (the body carries `verification_url`)" },
  404: { status: 404, description: "Payment not found." },
  409: { status: 409, description: "Idempotency-Key reused with other parameters" },
  410: { status: 410, description: "quote_id expired" },
  422: {
    status: 422,
    description: "Invalid field, or fiat_amount outside the provider's limits (message names the field)",
  },
  502: { status: 502, description: "On-ramp provider unavailable" },
} as const;
