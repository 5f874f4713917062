/** Wire schemas of the /v2/credit operations (spec earn-and-credit.md Part B, product-accounts.md). */
import { z } from "zod";
import {
  Address,
  amountUnion,
  bigIntField,
  qInt,
  TokenRef,
  TypedData,
  UnsignedTransaction,
} from "../../kernel/schemas/common.ts";
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
  transferFields,
  transferResponse,
} from "../../product-accounts/index.ts";

/** The chains Credit serves (spec: credit enum). A deployment without one of them answers 422 on `chain`. */
export const CreditChain = z
  .enum(["arbitrum", "base", "bsc", "ethereum", "hyperevm", "tempo"])
  .meta({ id: "CreditChain" });

export const CreditProtocol = z
  .enum(["AAVE", "MORPHO", "EULER"])
  .meta({ id: "CreditProtocol", description: "lending protocol (default AAVE)" });

export const CreditCreateAccountRequest = createAccountRequest("CreditCreateAccountRequest", CreditChain);
export const CreditCreateAccountResponse = createAccountResponse("CreditCreateAccountResponse", "credit");

export const CreditTransferRequest = z
  .object(transferFields(CreditChain))
  .meta({ id: "CreditTransferRequest" });

export const CreditTransferResponse = transferResponse("CreditTransferResponse");

export const CreditAccountQuery = accountQuery(CreditChain, "credit");

export const CreditBalancesResponse = balancesResponse("CreditBalancesResponse", "credit");

export const CreditEvent = z
  .object({
    event_type: z.enum([
      "supply",
      "withdraw",
      "borrow",
      "repay",
      "liquidation",
      "transfer_in",
      "transfer_out",
    ]),
    block_number: z.int(),
    block_timestamp: z.string(),
    transaction_hash: z.string(),
    amount: z.string().describe("human units"),
    symbol: z.string(),
  })
  .meta({ id: "CreditEvent" });

/** Where a position sits: the protocol, and the Morpho market or Euler vault and sub-account. */
const marketFields = {
  protocol: CreditProtocol.optional(),
  vault: z.string().optional().describe("Euler vault"),
  sub_account_id: z.int().optional().describe("Euler sub-account (0–255)"),
  market_id: z.string().optional().describe("Morpho Blue market id"),
};

export const CollateralPosition = z
  .object({
    token: z.string(),
    symbol: z.string(),
    ...marketFields,
    is_pure_supply: z.boolean().optional().describe("Morpho: a supply of the market's loan asset"),
    amount_supplied: z.string().describe("human units, interest included"),
    usd_value: z.string().optional(),
    supply_apy: z.string().optional().describe("percent"),
    total_deposited: z.string().optional(),
    total_withdrawn: z.string().optional(),
    interest_earned: z.string().optional(),
    max_ltv: z.string().optional().describe("percent"),
    events: z.array(CreditEvent),
  })
  .meta({ id: "CollateralPosition" });

export const DebtPosition = z
  .object({
    token: z.string(),
    symbol: z.string(),
    ...marketFields,
    health_factor: z.string().optional().describe("Morpho: per market"),
    amount_borrowed: z.string().describe("human units, interest included"),
    usd_value: z.string().optional(),
    borrow_apy: z.string().optional().describe("percent"),
    total_borrowed: z.string().optional(),
    total_repaid: z.string().optional(),
    interest_paid: z.string().optional().describe("interest accrued on the debt so far"),
    events: z.array(CreditEvent),
  })
  .meta({ id: "DebtPosition" });

export const AccountSummary = z
  .object({
    protocol: CreditProtocol.optional(),
    sub_account_id: z.int().optional(),
    health_factor: z
      .string()
      .describe("collateral at liquidation threshold ÷ debt; a very large number when there is no debt"),
    total_collateral_usd: z.string(),
    total_debt_usd: z.string(),
    available_borrows_usd: z.string(),
    ltv: z.string().describe("percent: the account's maximum loan-to-value"),
    emode_category_id: z.int().optional().describe("Aave e-mode category (0 = off)"),
    emode_label: z.string().optional(),
  })
  .meta({ id: "AccountSummary" });

export const BorrowableToken = z
  .object({
    token: z.string(),
    symbol: z.string(),
    vault: z.string().optional(),
    max_borrowable_amount: z
      .string()
      .describe("human units: the account's borrowing power, within the reserve's cash"),
    borrow_apy: z.string().optional(),
  })
  .meta({ id: "BorrowableToken" });

export const CreditPositionsResponse = z
  .object({
    collateral_positions: z.array(CollateralPosition),
    debt_positions: z.array(DebtPosition),
    account_summary: AccountSummary,
    euler_account_summaries: z.array(AccountSummary),
    euler_account_summary: AccountSummary.nullable().optional().describe("deprecated: sub-account 0"),
    euler_borrowable_tokens: z.array(BorrowableToken),
    borrowable_tokens: z.array(BorrowableToken),
    total_usd_value: z.string().optional().describe("collateral − debt"),
  })
  .meta({ id: "CreditPositionsResponse" });

/** Market identification on every credit write (spec Part B). */
const identification = {
  protocol: CreditProtocol.default("AAVE"),
  market_id: z.string().nullish().describe("MORPHO: the market (bytes32, from morpho_markets)"),
  collateral_vault: Address.nullish().describe("EULER: the collateral vault"),
  borrow_vault: Address.nullish().describe("EULER: the vault borrowed from"),
  sub_account_id: z.int().min(0).max(255).nullish().describe("EULER: sub-account 0–255 (default 0)"),
};

/** Pull the token from the owner's wallet first, with the Permit2 signature of a sponsored `transfer` DEPOSIT. */
const permit2Pull = (what: string) => ({
  permit2_signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .nullish()
    .describe(
      `the owner's Permit2 signature (spender: the Credit Account) pulling ${what} from the wallet first`,
    ),
  permit2_nonce: bigIntField({ description: "the typed data's message.nonce" }).nullish(),
  permit2_deadline: bigIntField({ description: "the typed data's message.deadline" }).nullish(),
});

export const InterestRateMode = z.enum(["stable", "variable"]).meta({ id: "InterestRateMode" });

export const CreditFee = z
  .object({
    recipient: Address.describe("who receives the fee"),
    amount: amountUnion({
      description: "PERCENTAGE: percent of the borrowed amount; FIXED: borrow-token units",
    }),
    denomination: z.enum(["PERCENTAGE", "FIXED"]).default("PERCENTAGE"),
  })
  .meta({ id: "CreditFee" });

export const CreditBorrowRequest = z
  .object({
    owner: Address.describe("owner wallet"),
    chain: CreditChain,
    ...identification,
    token_in: TokenRef("token in the account supplied first (omit for borrow-only)").nullish(),
    amount_in: amountUnion({ description: "human units of token_in" }).nullish(),
    collateral_token: TokenRef(
      "supplied as collateral; when it differs from token_in, token_in is swapped into it through the aggregator (Aave)",
    ).nullish(),
    borrow_token: TokenRef("asset to borrow"),
    borrow_amount: amountUnion({ description: "human units" }),
    interest_rate_mode: InterestRateMode.default("variable"),
    slippage: amountUnion({ description: "percent, only when swapping" }).nullish(),
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
    fee: CreditFee.nullish().describe("deducted from the borrowed amount, paid from the account"),
    ...permit2Pull("`amount_in` of `token_in`"),
  })
  .meta({ id: "CreditBorrowRequest" });

export const CreditBorrowResponse = z
  .object({
    ...actionEnvelopeFields,
    estimated_collateral_amount: z.string().optional(),
    fee_amount: z.string().optional().describe("borrow-token units"),
  })
  .meta({ id: "CreditBorrowResponse" });

export const CreditRepayRequest = z
  .object({
    owner: Address.describe("owner wallet"),
    chain: CreditChain,
    ...identification,
    repay_token: TokenRef("debt asset repaid from the account's balance"),
    repay_amount: amountUnion({ description: "human units" }),
    interest_rate_mode: InterestRateMode.default("variable"),
    withdraw_token: TokenRef("collateral withdrawn after the repayment").nullish(),
    withdraw_amount: amountUnion({ description: "human units of withdraw_token" }).nullish(),
    token_out: TokenRef("swap the withdrawn collateral into this; it stays in the account").nullish(),
    slippage: amountUnion({ description: "percent, only when swapping" }).nullish(),
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
    ...permit2Pull("`repay_amount` of `repay_token`"),
  })
  .meta({ id: "CreditRepayRequest" });

export const CreditRepayResponse = z
  .object({
    ...actionEnvelopeFields,
    estimated_token_out_amount: z.string().optional(),
  })
  .meta({ id: "CreditRepayResponse" });

export const MorphoMarketsQuery = z.object({
  chain: CreditChain,
  order_by: z.enum(["tvl_usd", "liquidity_usd", "lltv"]).default("tvl_usd").describe("sort column"),
  direction: z.enum(["asc", "desc"]).default("desc").describe("sort direction"),
  offset: qInt({ min: 0, max: 1_000_000 }).default(0),
  limit: qInt({ min: 1, max: 100 }).default(20),
});

export const MorphoLendingMarket = z
  .object({
    market_id: z.string(),
    loan_token: z.string(),
    loan_token_symbol: z.string(),
    loan_token_decimals: z.int(),
    collateral_token: z.string(),
    collateral_token_symbol: z.string(),
    collateral_token_decimals: z.int(),
    oracle: z.string(),
    irm: z.string(),
    lltv: z.string().describe("percent"),
    supply_apy: z.string().optional().describe("percent"),
    borrow_apy: z.string().optional().describe("percent"),
    collateral_intrinsic_apy: z.string().optional(),
    loan_intrinsic_apy: z.string().optional(),
    utilization: z.string().describe("percent"),
    total_supply_assets: z.string().describe("loan token, human units"),
    total_borrow_assets: z.string(),
    available_liquidity: z.string(),
    fee: z.string().describe("percent of interest"),
    tvl_usd: z.string().optional(),
    liquidity_usd: z.string().optional(),
  })
  .meta({ id: "MorphoLendingMarket" });

export const MorphoMarketsResponse = z
  .object({
    total: z.int(),
    offset: z.int(),
    limit: z.int(),
    morpho: z.string().describe("the Morpho Blue singleton"),
    markets: z.array(MorphoLendingMarket),
  })
  .meta({ id: "MorphoMarketsResponse" });

/** What a loop and an unwind share: whose, where, and how the transaction comes back. */
const loopHead = { owner: Address.describe("owner wallet"), chain: CreditChain, ...identification };
const loopTail = {
  gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
  preview: z.boolean().default(false).describe("estimate only: no transaction"),
  pricing: z
    .enum(["auto", "firm", "market"])
    .default("auto")
    .describe("firm quotes only, the aggregator only, or either"),
};
const maxSlippage = amountUnion({ description: "per swap, percent (default 0.5)" }).nullish();

export const CreditLoopRequest = z
  .object({
    ...loopHead,
    collateral_token: TokenRef("collateral, already in the account for the seed"),
    borrow_token: TokenRef("borrowed and swapped back into the collateral each leg"),
    initial_collateral_amount: amountUnion({ description: "the seed, human units" }),
    multiplier: amountUnion({ description: "target exposure ÷ seed; at most about 1 ÷ (1 − LTV)" }),
    loan_to_value: amountUnion({ description: "per-leg LTV, percent; at most the collateral's LTV" }),
    max_slippage_percent: maxSlippage,
    emode_category: z.int().nullish().describe("Aave e-mode category to enable first"),
    ...loopTail,
  })
  .meta({ id: "CreditLoopRequest" });

export const CreditLoopLeg = z
  .object({
    supply_amount: z.string(),
    borrow_amount: z.string().optional(),
    min_swap_out: z.string().optional(),
    expected_swap_out: z.string().optional(),
  })
  .meta({ id: "CreditLoopLeg" });

export const CreditLoopPreview = z
  .object({
    iterations: z.int(),
    total_collateral_supplied: z.string().describe("guaranteed floor, collateral units"),
    total_borrowed: z.string(),
    achieved_multiplier: z.string(),
    projected_ltv: z.string().describe("percent"),
    projected_health_factor: z.string(),
    estimated_max_dust: z
      .string()
      .describe("collateral the swaps may return above their floors, left in the account"),
    estimated_swap_cost: z
      .string()
      .describe("USD: what the borrowed tokens cost above the collateral they buy"),
    legs: z.array(CreditLoopLeg),
  })
  .meta({ id: "CreditLoopPreview" });

export const CreditLoopResponse = z
  .object({
    transaction: UnsignedTransaction.nullable().optional(),
    eip_712: TypedData.nullable().optional(),
    preview: CreditLoopPreview.nullable(),
    swap_provider: z.enum(["one_inch", "bebop"]),
    quote_expires_at: z.string().nullable().optional(),
    max_firm_multiplier: z.string().nullable().optional(),
  })
  .meta({ id: "CreditLoopResponse" });

export const CreditUnloopRequest = z
  .object({
    ...loopHead,
    collateral_token: TokenRef("the loop's collateral, withdrawn and sold each leg"),
    borrow_token: TokenRef("the loop's debt, repaid each leg"),
    target_multiplier: amountUnion({
      description: "omit to close; 1 repays all debt and keeps the collateral; > 1 delevers to it",
    }).nullish(),
    max_slippage_percent: maxSlippage,
    allow_partial: z
      .boolean()
      .default(false)
      .describe("return the best one-transaction progress instead of a 400 when the target is out of reach"),
    ...loopTail,
  })
  .meta({ id: "CreditUnloopRequest" });

export const CreditUnloopLeg = z
  .object({
    withdraw_amount: z.string(),
    min_swap_out: z.string().optional(),
    repay_amount: z.string().optional(),
    full_repay: z.boolean().optional(),
  })
  .meta({ id: "CreditUnloopLeg" });

export const CreditUnloopPreview = z
  .object({
    iterations: z.int(),
    total_collateral_withdrawn: z.string(),
    total_debt_repaid: z.string().describe("guaranteed floor, debt units"),
    ending_collateral: z.string(),
    ending_debt: z.string(),
    ending_multiplier: z.string(),
    projected_ltv: z.string().describe("percent"),
    projected_health_factor: z.string(),
    estimated_max_dust: z
      .string()
      .describe("borrowed token the swaps may return above what they repay, left in the account"),
    fully_unwound: z.boolean().describe("all of the debt repaid"),
    legs: z.array(CreditUnloopLeg),
  })
  .meta({ id: "CreditUnloopPreview" });

export const CreditUnloopResponse = z
  .object({
    transaction: UnsignedTransaction.nullable().optional(),
    eip_712: TypedData.nullable().optional(),
    preview: CreditUnloopPreview.nullable(),
    swap_provider: z.enum(["one_inch", "bebop"]),
    quote_expires_at: z.string().nullable().optional(),
    firm_available: z.boolean().nullable().optional(),
  })
  .meta({ id: "CreditUnloopResponse" });

export const LoopedPositionCurrent = z
  .object({
    collateral_amount: z.string(),
    debt_amount: z.string(),
    collateral_usd: z.string().optional(),
    debt_usd: z.string().optional(),
    net_usd_value: z.string().optional(),
    leverage: z.string().optional().describe("collateral ÷ (collateral − debt), by value"),
    health_factor: z.string().optional(),
    health_factor_scope: z.enum(["market", "account"]),
    collateral_apy: z.string().optional(),
    collateral_lending_apy: z.string().optional(),
    collateral_intrinsic_apy: z.string().optional(),
    borrow_apy: z.string().optional(),
    borrow_lending_apy: z.string().optional(),
    borrow_intrinsic_apy: z.string().optional(),
    net_apy: z.string().optional().describe("leverage × collateral APY − (leverage − 1) × borrow APY"),
  })
  .meta({ id: "LoopedPositionCurrent" });

export const LoopedPositionTotals = z
  .object({
    total_collateral_added: z.string(),
    total_collateral_removed: z.string(),
    total_debt_added: z.string(),
    total_debt_removed: z.string(),
    loop_tx_count: z.int(),
    unwind_tx_count: z.int(),
    liquidation_count: z.int(),
  })
  .meta({ id: "LoopedPositionTotals" });

export const LoopSwap = z
  .object({
    sold_token: z.string(),
    sold_symbol: z.string(),
    sold_amount: z.string(),
    bought_token: z.string(),
    bought_symbol: z.string(),
    bought_amount: z.string(),
    router: z.string().optional(),
  })
  .meta({ id: "LoopSwap" });

export const LoopHistoryEntry = z
  .object({
    transaction_hash: z.string(),
    block_number: z.int(),
    block_timestamp: z.string(),
    classification: z.enum([
      "loop_open",
      "loop_increase",
      "unwind",
      "supply",
      "withdraw",
      "borrow",
      "repay",
      "liquidation",
      "mixed",
    ]),
    iterations: z.int().optional(),
    collateral_delta: z.string(),
    debt_delta: z.string(),
    swap: LoopSwap.optional(),
    events: z.array(CreditEvent),
  })
  .meta({ id: "LoopHistoryEntry" });

export const LoopedPosition = z
  .object({
    protocol: CreditProtocol,
    market_id: z.string().optional(),
    collateral_token: z.string(),
    collateral_symbol: z.string(),
    debt_token: z.string(),
    debt_symbol: z.string(),
    status: z.enum(["OPEN", "CLOSED"]),
    opened_at: z.string(),
    closed_at: z.string().optional(),
    current: LoopedPositionCurrent.nullable().optional().describe("null when closed"),
    totals: LoopedPositionTotals,
    history: z.array(LoopHistoryEntry),
  })
  .meta({ id: "LoopedPosition" });

export const LoopedPositionsResponse = z
  .object({
    credit_account_address: z.string(),
    positions: z.array(LoopedPosition),
    aave_account_summary: AccountSummary.optional(),
  })
  .meta({ id: "LoopedPositionsResponse" });

const creditActionId = {
  protocol: CreditProtocol.optional(),
  market_id: z.string().nullish().describe("MORPHO: the market"),
  sub_account_id: z.int().min(0).max(255).nullish().describe("EULER: sub-account"),
};
const creditToken = () =>
  TokenRef("symbol or address of the reserve's token (the underlying, not the aToken)");
export const CreditSupplyAction = z
  .object({
    action_type: z.literal("CREDIT_SUPPLY"),
    token: creditToken(),
    amount: amountUnion({ description: "human units" }),
    ...creditActionId,
    collateral_vault: Address.nullish().describe("EULER: the collateral vault"),
  })
  .meta({ id: "CreditSupplyAction" });
export const CreditWithdrawAction = CreditSupplyAction.extend({
  action_type: z.literal("CREDIT_WITHDRAW"),
}).meta({
  id: "CreditWithdrawAction",
});
export const CreditBorrowAction = z
  .object({
    action_type: z.literal("CREDIT_BORROW"),
    token: creditToken(),
    amount: amountUnion({ description: "human units" }),
    interest_rate_mode: z.enum(["stable", "variable"]).nullish(),
    fee: CreditFee.nullish().describe("deducted from the borrowed amount, paid from the account"),
    ...creditActionId,
    borrow_vault: Address.nullish().describe("EULER: the vault borrowed from"),
  })
  .meta({ id: "CreditBorrowAction" });
export const CreditRepayAction = z
  .object({
    action_type: z.literal("CREDIT_REPAY"),
    token: creditToken(),
    amount: amountUnion({ description: "human units; more than owed repays all" }),
    interest_rate_mode: z.enum(["stable", "variable"]).nullish(),
    ...creditActionId,
    borrow_vault: Address.nullish().describe("EULER: the vault borrowed from"),
  })
  .meta({ id: "CreditRepayAction" });
export const CreditEnableCollateralAction = z
  .object({
    action_type: z.literal("CREDIT_ENABLE_COLLATERAL"),
    token: creditToken(),
    ...creditActionId,
    collateral_vault: Address.nullish().describe("EULER: the collateral vault"),
  })
  .meta({ id: "CreditEnableCollateralAction" });
export const CreditTransferToAddressAction = z
  .object({
    action_type: z.literal("CREDIT_TRANSFER_TO_ADDRESS"),
    token: creditToken(),
    amount: amountUnion({ description: "human units" }),
    recipient: Address.describe("who is paid; only once the account owes nothing"),
    ...creditActionId,
  })
  .meta({ id: "CreditTransferToAddressAction" });

export const CreditBundleAction = z
  .object({
    body: z.discriminatedUnion("action_type", [
      BundleSwapAction,
      BundleTransferFromEoaAction,
      BundleTransferToEoaAction,
      CreditSupplyAction,
      CreditWithdrawAction,
      CreditBorrowAction,
      CreditRepayAction,
      CreditEnableCollateralAction,
      CreditTransferToAddressAction,
    ]),
  })
  .meta({ id: "CreditBundleAction" });

export const CreditBundleRequest = bundleRequest("CreditBundleRequest", CreditChain, CreditBundleAction);
export const CreditBundleResponse = bundleResponse("CreditBundleResponse");

export const EulerMarketsQuery = z.object({ chain: CreditChain });

export const EulerCollateral = z
  .object({
    vault: z.string().describe("the collateral vault"),
    asset: z.string(),
    asset_symbol: z.string(),
    asset_decimals: z.int(),
    asset_price_usd: z.string().optional(),
    borrow_ltv: z.string().describe("percent"),
    liquidation_ltv: z.string().describe("percent"),
    supply_apy: z.string().optional(),
  })
  .meta({ id: "EulerCollateral" });

export const EulerMarket = z
  .object({
    vault: z.string(),
    vault_symbol: z.string(),
    asset: z.string(),
    asset_symbol: z.string(),
    asset_decimals: z.int(),
    asset_price_usd: z.string().optional(),
    unit_of_account_symbol: z.string().optional(),
    borrow_apy: z.string().optional().describe("percent, the per-second rate compounded"),
    supply_apy: z.string().optional().describe("percent: borrow APY × utilisation × (1 − interest fee)"),
    available_liquidity: z.string().describe("cash: what can be borrowed or withdrawn now"),
    total_supply_assets: z.string(),
    total_borrow_assets: z.string(),
    utilization: z.string().describe("percent"),
    supply_cap: z.string().optional().describe("absent when uncapped"),
    borrow_cap: z.string().optional().describe("absent when uncapped"),
    collaterals: z.array(EulerCollateral).describe("what the vault accepts as collateral (its LTVList)"),
  })
  .meta({ id: "EulerMarket" });

export const EulerMarketsResponse = z
  .object({
    perspective: z
      .string()
      .describe("which vaults are listed: `factory` (every vault the chain's Euler factory created)"),
    markets: z.array(EulerMarket),
  })
  .meta({ id: "EulerMarketsResponse" });

export const RebalanceTarget = z
  .object({
    protocol: CreditProtocol.default("AAVE"),
    market_id: z.string().nullish().describe("MORPHO: the market"),
    collateral_token: TokenRef("the loop's collateral"),
    borrow_token: TokenRef("the loop's debt"),
    target_equity_usd: amountUnion({ description: "net USD to commit (opening a loop)" }).nullish(),
    target_multiplier: amountUnion({ description: "collateral ÷ equity to reach" }).nullish(),
    close: z.boolean().nullish().describe("true: unwind fully and take the collateral back (never equity 0)"),
    max_slippage_percent: amountUnion({ description: "per swap, percent" }).nullish(),
  })
  .meta({ id: "RebalanceTarget" });

export const CreditRebalanceRequest = z
  .object({
    owner: Address.describe("owner wallet"),
    chain: CreditChain,
    targets: z.array(RebalanceTarget).min(1).max(10).describe("only the named loops change"),
    max_slippage_percent: amountUnion({ description: "per swap, percent (default 0.5)" }).nullish(),
    gas_sponsorship: z.boolean().default(false).describe("return SafeTx typed data for a sponsor to relay"),
  })
  .meta({ id: "CreditRebalanceRequest" });

export const RebalanceTargetPreview = z
  .object({
    protocol: CreditProtocol,
    market_id: z.string().optional(),
    collateral_token: z.string(),
    borrow_token: z.string(),
    direction: z.enum(["open", "close", "grow", "shrink", "lever_up", "lever_down", "noop"]),
    legs: z.int(),
    unloop_legs: z.array(CreditUnloopLeg).optional(),
    loop_legs: z.array(CreditLoopLeg).optional(),
    resulting_collateral: z.string(),
    resulting_debt: z.string(),
    resulting_multiplier: z.string(),
    resulting_health_factor: z
      .string()
      .describe("this loop's own: its collateral at the liquidation threshold ÷ its debt"),
    health_factor_scope: z.enum(["market", "account"]),
    estimated_max_dust: z.string(),
  })
  .meta({ id: "RebalanceTargetPreview" });

export const CreditRebalanceResponse = z
  .object({
    transaction: UnsignedTransaction.nullable().optional().describe("null when every target is already met"),
    eip_712: TypedData.nullable().optional(),
    preview: z
      .object({
        net_equity_moved_usd: z
          .string()
          .describe("equity committed to opens less equity taken out by closes"),
        total_legs: z.int(),
        routing_swaps: z.array(
          z.object({
            token_in: z.string(),
            token_out: z.string(),
            amount_in: z.string(),
            min_amount_out: z.string(),
          }),
        ),
        estimated_max_dust: z.string().describe("USD"),
        aave_account_health_factor: z.string().optional(),
        per_target: z.array(RebalanceTargetPreview),
      })
      .meta({ id: "CreditRebalancePreview" }),
  })
  .meta({ id: "CreditRebalanceResponse" });
