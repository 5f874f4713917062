/** Wire schemas of the /v2/earn operations (spec earn-and-credit.md Part A, product-accounts.md). */
import { z } from "zod";
import { Address, amountUnion, Chain, TokenRef } from "../../kernel/schemas/common.ts";
import {
  accountQuery,
  actionEnvelopeFields,
  BundleSwapAction,
  BundleTransferFromEoaAction,
  BundleTransferToEoaAction,
  balancesResponse,
  bundleRequest,
  bundleResponse,
  createAccountRequest,
  createAccountResponse,
  TransferAction,
  transferFields,
  transferResponse,
} from "../../product-accounts/index.ts";

/** The chains Earn serves (spec: earn enum). A deployment without one of them answers 422 on `chain`. */
export const EarnChain = z.enum(["arbitrum", "base", "bsc", "ethereum", "tempo"]).meta({ id: "EarnChain" });

export const EarnCreateAccountRequest = createAccountRequest("EarnCreateAccountRequest", EarnChain);
export const EarnCreateAccountResponse = createAccountResponse("EarnCreateAccountResponse", "earn");

export const EarnTransferRequest = z
  .object({
    ...transferFields(Chain),
    recipient: Address.nullish().describe("WITHDRAW only: pay out to this address instead of the owner"),
  })
  .meta({ id: "EarnTransferRequest" });

export const EarnTransferResponse = transferResponse("EarnTransferResponse");

export const EarnBalancesQuery = accountQuery(EarnChain, "earn");

export const EarnBalancesResponse = balancesResponse("EarnBalancesResponse", "earn");

export const VaultVenue = z
  .object({
    type: z.literal("VAULT"),
    vault_address: Address.meta({ "x-contract": "erc4626" }).describe(
      "any ERC-4626 vault on `chain` (Morpho, Euler, or any other)",
    ),
  })
  .meta({ id: "VaultVenue" });

export const AaveVenue = z
  .object({
    type: z.literal("AAVE"),
    token: TokenRef("reserve asset: symbol (e.g. USDC) or 0x address"),
  })
  .meta({ id: "AaveVenue" });

export const PendlePtVenue = z
  .object({
    type: z.literal("PENDLE_PT"),
    market_address: Address.describe("Pendle market"),
    token: TokenRef("DEPOSIT only: the token spent (default the underlying)").nullish(),
    max_slippage_percent: amountUnion({ description: "percent, e.g. 0.5" }).nullish(),
  })
  .meta({ id: "PendlePtVenue" });

export const EarnFee = z
  .object({
    recipient: Address.describe("who receives the fee"),
    amount: amountUnion({
      description: "PERCENTAGE: percent; FIXED: token units; PERFORMANCE: percent of profit",
    }),
    denomination: z
      .enum(["PERCENTAGE", "FIXED", "PERFORMANCE"])
      .default("PERCENTAGE")
      .describe(
        "PERCENTAGE of the amount, FIXED token units, or PERFORMANCE: percent of the realised profit (withdrawals)",
      ),
  })
  .meta({ id: "Fee" });

export const EarnManageRequest = z
  .object({
    action_type: z.literal("V2_MANAGE").optional().describe("discriminator (used inside bundles)"),
    venue: z.discriminatedUnion("type", [VaultVenue, AaveVenue, PendlePtVenue]),
    action: TransferAction.describe(
      "DEPOSIT into or WITHDRAW out of the venue; funds stay in the Earn Account",
    ),
    amount: amountUnion({
      description:
        "human units: the vault's underlying, the Aave reserve asset, or for Pendle the token spent / PT sold",
    }),
    fee: EarnFee.nullish(),
    owner: Address.describe("owner wallet"),
    chain: EarnChain,
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
  })
  .meta({ id: "EarnManageRequest" });

export const EarnManageResponse = z.object(actionEnvelopeFields).meta({ id: "EarnManageResponse" });

/** An integer in a query string: plain decimal digits only (no "0x10", "+3", "1e1"), within bounds. */
const queryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^[0-9]{1,9}$/.test(v) ? Number(v) : v),
    z.int().min(min).max(max),
  );

/** A non-negative decimal in a query string (a USD floor). */
const queryDecimal = (description: string) =>
  z
    .string()
    .regex(/^[0-9]+(\.[0-9]+)?$/, "a non-negative decimal number")
    .transform(Number)
    .optional()
    .describe(description);

export const EarnVaultsQuery = z.object({
  order_by: z
    .enum(["tvl_usd", "liquidity_usd", "apy_7d", "apy_30d", "apy_90d", "deposit_cap_usd", "name"])
    .describe("sort column"),
  direction: z.enum(["asc", "desc"]).default("desc").describe("sort direction"),
  offset: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).default(20),
  chain: Chain.optional().describe("only this chain"),
  asset_symbol: z.string().trim().min(1).max(32).optional().describe("only vaults of this underlying"),
  min_tvl_usd: queryDecimal("TVL floor, USD"),
  min_liquidity_usd: queryDecimal("floor of what can be withdrawn now, USD"),
  min_deposit_cap_usd: queryDecimal(
    "floor of what the vault accepts now, USD; 0 drops paused or full vaults",
  ),
});

const MarketAllocation = z
  .object({
    market_id: z.string(),
    loan_token: z.string(),
    loan_token_symbol: z.string().optional(),
    collateral_token: z.string(),
    collateral_token_symbol: z.string().optional(),
    lltv: z.string().describe("raw, 1e18 = 100%"),
    supply_cap: z.string().optional(),
    supply_assets: z.string().optional(),
    allocation_pct: z.number().optional(),
  })
  .meta({ id: "MarketAllocation" });

export const VaultInfo = z
  .object({
    vault_address: z.string(),
    chain: z.string(),
    protocol: z.enum(["MORPHO", "EULER"]).optional(),
    name: z.string().optional(),
    symbol: z.string().optional(),
    owner: z.string().describe("the curator (zero address when the vault has none)"),
    asset: z.string(),
    asset_name: z.string().optional(),
    asset_symbol: z.string().optional(),
    factory_version: z.string().optional(),
    tvl_usd: z.string().optional(),
    liquidity_usd: z.string().optional().describe("what can be withdrawn now (≤ tvl)"),
    deposit_cap: z
      .string()
      .optional()
      .describe("human units the vault accepts now; 0 = paused or full; absent = no cap"),
    deposit_cap_usd: z.string().optional(),
    apy_7d: z.string().optional().describe("trailing, from the share price; percent"),
    apy_30d: z.string().optional(),
    apy_90d: z.string().optional(),
    markets: z.array(MarketAllocation),
  })
  .meta({ id: "VaultInfo" });

export const EarnVaultsResponse = z
  .object({ total: z.int(), offset: z.int(), limit: z.int(), vaults: z.array(VaultInfo) })
  .meta({ id: "VaultsResponse" });

export const EarnPendleMarketsQuery = z.object({
  order_by: z.enum(["tvl_usd", "implied_apy", "expiry"]).describe("sort column"),
  direction: z.enum(["asc", "desc"]).default("desc").describe("sort direction"),
  offset: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).default(20),
  chain: Chain.optional().describe("only this chain"),
  underlying_symbol: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .optional()
    .describe("only markets whose PT redeems into this token"),
  min_tvl_usd: queryDecimal("liquidity floor, USD"),
});

export const PendleMarketInfo = z
  .object({
    market_address: z.string(),
    chain: z.string(),
    pt_address: z.string(),
    sy_address: z.string().optional(),
    yt_address: z.string().optional(),
    expiry: z.int().optional().describe("unix seconds"),
    underlying_asset: z.string().optional().describe("what the PT redeems into at expiry"),
    underlying_name: z.string().optional(),
    underlying_symbol: z.string().optional(),
    pt_name: z.string().optional(),
    pt_symbol: z.string().optional(),
    tvl_usd: z.string().optional().describe("the market's SY and PT, priced by the chain's oracle"),
    implied_apy: z.string().optional().describe("the market's implied APY now, percent; absent once expired"),
  })
  .meta({ id: "PendleMarketInfo" });

export const EarnPendleMarketsResponse = z
  .object({ total: z.int(), offset: z.int(), limit: z.int(), markets: z.array(PendleMarketInfo) })
  .meta({ id: "PendleMarketsResponse" });

export const EarnAaveMarketsQuery = z.object({
  chain: Chain.optional().describe("one chain; every chain this deployment serves when omitted"),
  days: queryInt(1, 365).default(30).describe("averaging window of the *_avg rates, in days"),
});

const percentString = (description: string) => z.string().describe(`${description}, percent`);

const aaveReserveFields = {
  address: z.string().describe("the reserve's underlying token"),
  a_token_address: z.string(),
  supply_apy: percentString("variable supply APY now"),
  borrow_apy: percentString("variable borrow APY now"),
  intrinsic_apy: percentString("yield earned outside the pool (staking, vault), trailing 7 days").optional(),
  supply_apy_avg: percentString("time-weighted mean supply APY over `days`"),
  borrow_apy_avg: percentString("time-weighted mean borrow APY over `days`"),
  total_borrowed: z.string().describe("token units"),
  available_liquidity: z.string().describe("token units the reserve holds in cash"),
  utilization_rate: percentString("borrowed of supplied"),
  ltv: percentString("loan to value as collateral (0: not collateral)"),
  liquidation_threshold: percentString("liquidation threshold"),
};

export const AaveReserveInfo = z.object(aaveReserveFields).meta({ id: "ReserveInfo" });

export const AaveChainMarketInfo = z
  .object({ ...aaveReserveFields, reserves: z.array(AaveReserveInfo) })
  .meta({ id: "ChainMarketInfo" });

export const MaxSupplyApyInfo = z
  .object({
    chain: z.string(),
    address: z.string(),
    a_token_address: z.string(),
    supply_apy: z.string(),
    borrow_apy: z.string(),
  })
  .meta({ id: "MaxSupplyApyInfo" });

export const EarnAaveMarketsResponse = z
  .object({
    markets: z.record(
      z.string(),
      z.object({ chains: z.record(z.string(), AaveChainMarketInfo), max_supply_apy: MaxSupplyApyInfo }),
    ),
  })
  .meta({ id: "AaveMarketsResponse" });

export const EarnSwapQuoteQuery = z.object({
  chain: Chain,
  token_in: TokenRef("symbol (e.g. USDC) or 0x address of the token sold"),
  token_out: TokenRef("symbol or 0x address of the token bought (default USDC)").optional(),
  sy_address: Address.optional().describe("a Pendle SY: quote what its PT redeems into instead of token_in"),
  amount_in: amountUnion({ description: "human units of token_in" }),
  slippage: amountUnion({ description: "percent, e.g. 0.5 (at most 50)" }).optional(),
});

export const EarnSwapQuoteResponse = z
  .object({
    amount_out: z.string().describe('human units of token_out; "0" when no route exists'),
    token_in: z.string().describe("the token actually quoted"),
    token_out: z.string(),
  })
  .meta({ id: "EarnSwapQuoteResponse" });

export const EarnSwapRequest = z
  .object({
    action_type: z.literal("V2_SWAP").optional().describe("discriminator (used inside bundles)"),
    token_in: TokenRef("symbol (e.g. USDC) or 0x address of the token sold"),
    token_out: TokenRef("symbol or 0x address of the token bought"),
    amount_in: amountUnion({ description: "human units of token_in" }),
    slippage: amountUnion({ description: "percent, e.g. 0.5 (default 0.5, at most 50)" }).nullish(),
    owner: Address.describe("owner wallet"),
    chain: Chain,
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
  })
  .meta({ id: "EarnSwapRequest" });

export const EarnSwapResponse = z
  .object({
    ...actionEnvelopeFields,
    estimated_amount_out: z.string().describe("human units of token_out the route is quoted to return"),
  })
  .meta({ id: "EarnSwapResponse" });

const money = (description: string) => z.string().describe(description);

export const PositionPnL = z
  .object({
    total_deposited: money("underlying deposited in all"),
    current_value: money("what the position is worth now, in underlying"),
    unrealized_pnl: money("current value less the FIFO cost of what is still held"),
    realized_pnl: money("profit or loss realised by withdrawals (FIFO cost basis)"),
    total_pnl: money("unrealised plus realised"),
    total_pnl_percent: money("total PnL as a percent of total deposited"),
  })
  .meta({ id: "PositionPnL" });

const eventAt = {
  block_number: z.int(),
  block_timestamp: z.string().describe("ISO 8601"),
  transaction_hash: z.string(),
  input_amount: z.string(),
  input_symbol: z.string(),
  output_amount: z.string(),
  output_symbol: z.string(),
};

export const DepositEvent = z
  .object({ ...eventAt, cost_per_unit: z.string().describe("input paid per unit received") })
  .meta({ id: "DepositEvent" });
export const WithdrawalEvent = z
  .object({ ...eventAt, realized_pnl: z.string().describe("profit or loss realised (FIFO cost basis)") })
  .meta({ id: "WithdrawalEvent" });
export const PendleDepositEvent = DepositEvent.meta({ id: "PendleDepositEvent" });
export const PendleWithdrawalEvent = z
  .object({ ...eventAt, realized_pnl: z.string(), cost_per_unit: z.string() })
  .meta({ id: "PendleWithdrawalEvent" });

export const AavePosition = z
  .object({
    type: z.literal("AAVE"),
    reserve_address: z.string(),
    reserve_symbol: z.string(),
    balance: z.string().describe("aToken balance"),
    usd_value: z.string().nullish(),
    pnl: PositionPnL.nullish(),
    deposits: z.array(DepositEvent),
    withdrawals: z.array(WithdrawalEvent),
    apy: z.string().nullish().describe("supply APY, percent"),
  })
  .meta({ id: "AavePosition" });

export const VaultPosition = z
  .object({
    type: z.literal("VAULT"),
    vault_address: z.string(),
    vault_name: z.string(),
    underlying_symbol: z.string(),
    underlying_address: z.string(),
    balance: z.string().describe("in underlying"),
    usd_value: z.string().nullish(),
    pnl: PositionPnL.nullish(),
    deposits: z.array(DepositEvent),
    withdrawals: z.array(WithdrawalEvent),
    apy_7d: z.string().nullish(),
    apy_30d: z.string().nullish(),
    apy_90d: z.string().nullish(),
  })
  .meta({ id: "VaultPosition" });

export const PendlePTPosition = z
  .object({
    type: z.literal("PENDLE_PT"),
    market_address: z.string(),
    pt_address: z.string(),
    underlying_symbol: z.string(),
    underlying_address: z.string(),
    yield_token_address: z.string(),
    pt_balance: z.string(),
    expiry: z.int().describe("unix seconds"),
    current_pt_to_sy_rate: z.string(),
    usd_value: z.string().nullish(),
    pnl: PositionPnL.nullish().describe("in SY terms"),
    deposits: z.array(PendleDepositEvent),
    withdrawals: z.array(PendleWithdrawalEvent),
    implied_apy: z.string().nullish(),
  })
  .meta({ id: "PendlePTPosition" });

export const EarnPositionsQuery = accountQuery(EarnChain, "earn");

export const EarnPositionsResponse = z
  .object({
    aave: z.array(AavePosition),
    vaults: z.array(VaultPosition),
    pendle_pt: z.array(PendlePTPosition),
    total_usd_value: z.string().nullable(),
  })
  .meta({ id: "EarnPositionsResponse" });

export const EarnPositionsAllQuery = z.object({
  owner: Address.describe("owner wallet; the Earn Account is derived from it"),
});

export const EarnPositionsAllResponse = z
  .object({
    chains: z.record(z.string(), EarnPositionsResponse),
    total_usd_value: z.string().nullable(),
  })
  .meta({ id: "EarnPositionsAllResponse" });

const token = () => TokenRef("symbol (e.g. USDC) or 0x address of any ERC-20");

export const BundleManageAction = z
  .object({
    action_type: z.literal("V2_MANAGE"),
    venue: z.discriminatedUnion("type", [VaultVenue, AaveVenue, PendlePtVenue]),
    action: TransferAction,
    amount: amountUnion({ description: "human units, as /v2/earn/manage" }),
    fee: EarnFee.nullish(),
  })
  .meta({ id: "V2ManageAction" });

export const BundleTransferToAddressAction = z
  .object({
    action_type: z.literal("V2_TRANSFER_TO_ADDRESS"),
    token: token(),
    amount: amountUnion({ description: "human units" }),
    recipient: Address.describe("who is paid"),
  })
  .meta({ id: "V2TransferToAddressAction" });

export const EarnBundleAction = z
  .object({
    body: z.discriminatedUnion("action_type", [
      BundleManageAction,
      BundleSwapAction,
      BundleTransferFromEoaAction,
      BundleTransferToEoaAction,
      BundleTransferToAddressAction,
    ]),
  })
  .meta({ id: "V2BundleAction" });

export const EarnBundleRequest = bundleRequest("V2BundleRequest", Chain, EarnBundleAction);
export const EarnBundleResponse = bundleResponse("V2BundleResponse");
