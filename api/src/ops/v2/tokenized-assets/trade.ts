import { z } from "zod";
import { defineOperation } from "../../../registry/define.ts";
import { Address, amountUnion, Chain, TypedData, UnsignedTransaction } from "../../../schemas/common.ts";
import { POLL_ENDPOINT } from "../../../tokenized/mmf.ts";
import { transact } from "../../../tokenized/trade/index.ts";
import type { Side } from "../../../tokenized/trade/request.ts";
import { Settlement } from "./schemas.ts";

const Fee = z
  .object({
    recipient: Address.describe("who receives the fee (USDC)"),
    amount: amountUnion({
      description: "percent of the proceeds (PERCENTAGE) or USDC (FIXED)",
      example: "0.5",
    }),
    denomination: z.enum(["PERCENTAGE", "FIXED"]).nullish().describe("default PERCENTAGE"),
  })
  .meta({ id: "TokenizedAssetsFee" });

const WisdomTreeCredentials = z
  .object({
    client_id: z.string().max(256),
    client_secret: z.string().max(512),
    username: z.string().max(256),
    password: z.string().max(512),
  })
  .meta({
    id: "WisdomTreeCredentials",
    description:
      "per-organisation issuer credentials; accepted for compatibility, never stored or logged (the sandbox does not need them)",
  });

export const TradeRequest = z
  .object({
    token_in: z.string().trim().min(1).max(64).describe("buy: USDC; sell: the asset (symbol or 0x address)"),
    token_out: z.string().trim().min(1).max(64).describe("buy: the asset; sell: USDC"),
    amount_in: amountUnion({ description: "human units of token_in" }),
    slippage: amountUnion({
      description: "tolerance in percent (default 0.5; 0 < slippage ≤ 50)",
      example: "0.5",
    }).optional(),
    owner: Address.describe("owner wallet of the Tokenized Assets Account"),
    chain: Chain,
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
    wisdomtree: WisdomTreeCredentials.nullish(),
    fee: Fee.nullish().describe("sell only: partner fee taken from the USDC proceeds in the same execution"),
  })
  .meta({ id: "TradeRequest" });

export const TradeResponse = z
  .object({
    transaction: UnsignedTransaction.nullable(),
    eip_712: TypedData.nullable(),
    estimated_amount_out: z.string().describe("human units of token_out (net of the fee on a sell)"),
    fee_amount: z.string().nullable().describe("USDC fee on a sell"),
    settlement: Settlement.nullable().describe(
      "instant, or async: the transaction only files a request settled later",
    ),
    poll_endpoint: z.string().nullable().describe(`for async trades: ${POLL_ENDPOINT}`),
    expected_settlement_at: z
      .string()
      .nullable()
      .describe(
        "Ours: for async trades, when the next NAV cycle settles it if mined before the cutoff (ISO-8601)",
      ),
  })
  .meta({ id: "TradeResponse" });

function tradeOperation(side: Side) {
  const verb = side === "buy" ? "Buy" : "Sell";
  return defineOperation({
    method: "POST",
    path: `/v2/tokenized_assets/transact/${side}`,
    name: side,
    summary: `${verb} a tokenized asset`,
    description:
      side === "buy"
        ? 'Buys `token_out` with USDC held in the Tokenized Assets Account. Secondary-market assets swap instantly on the venue within `slippage`; the money-market fund (sandbox, `ethereum_sepolia`) sends USDC to the issuer and mints shares at its next NAV cycle (`settlement: "async"`, poll `poll_endpoint`). Returns `transaction` for the owner to send, or with `gas_sponsorship` SafeTx typed data to sign for `POST /v2/gas_sponsorship/prepare`. Simulated before it is returned.'
        : 'Sells `token_in` for USDC into the Tokenized Assets Account. Secondary-market assets swap instantly within `slippage`, optionally paying `fee` from the proceeds; fund shares go back to the issuer and USDC is paid at the next NAV cycle (`settlement: "async"`). Simulated before it is returned.',
    body: TradeRequest,
    response: TradeResponse,
    errors: [
      {
        status: 422,
        description: "invalid request, account not whitelisted, balance too low, market closed…",
      },
    ],
    errorModel: "domain",
    // builds an unsigned payload for the user's own wallet: safe behind a publishable key
    widget: true,
    cli: {
      short: { amount_in: "a", chain: "c", fee: "f", gas_sponsorship: "g", slippage: "s", wisdomtree: "w" },
    },
    handler: ({ body }, ctx) => transact(side, body, ctx),
  });
}

export const buy = tradeOperation("buy");
export const sell = tradeOperation("sell");
