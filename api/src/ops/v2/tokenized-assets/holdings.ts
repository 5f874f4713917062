import { z } from "zod";
import { defineOperation } from "../../../registry/define.ts";
import { Address, Chain } from "../../../schemas/common.ts";
import { balancesView } from "../../../tokenized/balances.ts";
import { readHoldings } from "../../../tokenized/holdings.ts";
import { positionsView } from "../../../tokenized/positions.ts";
import { Pnl, Position, TokenBalance } from "./schemas.ts";

const HoldingsQuery = z.object({
  owner: Address.describe("owner wallet; the Tokenized Assets Account is derived from it"),
  chain: Chain.default("ethereum"),
});

const PendingOrder = z
  .object({
    id: z.int(),
    symbol: z.string(),
    kind: z.enum(["subscription", "redemption"]),
    usdc_amount: z.string().nullable(),
    shares: z.string().nullable(),
    requested_at: z.int(),
    expected_settlement_at: z.int(),
    transaction_hash: z.string(),
  })
  .meta({ id: "PendingFundOrder" });

export const positions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/positions",
  summary: "Positions of the Tokenized Assets Account",
  description:
    "Non-zero holdings of the owner's account on `chain` with USD value, activity (buys, sells, transfers) and average-cost PnL reconstructed from on-chain events. `pending_orders` lists fund orders waiting for their NAV cycle.",
  query: HoldingsQuery,
  response: z
    .object({
      owner: z.string(),
      positions: z.array(Position),
      total_usd: z.string(),
      pnl: Pnl.nullable(),
      pending_orders: z.array(PendingOrder).describe("Ours: fund subscriptions/redemptions not yet settled"),
    })
    .meta({ id: "PositionsResponse" }),
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { chain: "c" } },
  widget: true,
  async handler({ query }, ctx) {
    return positionsView(query.owner, await readHoldings(ctx, query.chain, query.owner));
  },
});

export const balances = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/balances",
  summary: "Balances of the Tokenized Assets Account",
  description:
    "USDC and every listed asset the owner's account holds or has held on `chain` (zero balances of exited tokens included), each with its full transfer history.",
  query: HoldingsQuery,
  response: z
    .object({
      tokenized_assets_account_address: z.string(),
      balances: z.record(z.string(), TokenBalance),
      total_usd_value: z.string().nullable(),
    })
    .meta({ id: "BalancesResponse" }),
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { chain: "c" } },
  widget: true,
  async handler({ query }, ctx) {
    return balancesView(await readHoldings(ctx, query.chain, query.owner));
  },
});
