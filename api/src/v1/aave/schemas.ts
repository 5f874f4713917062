/**
 * Wire schemas of the v1 Aave V3 group (spec v1-capabilities.md §2): reads take `chain`, `token` and an optional
 * `block` with the reference's defaults; rates are fractions (0.05 = 5 %), `/rate` answers strings and the
 * averages numbers, as the reference's clients expect.
 */
import { z } from "zod";
import { Address, amountUnion, qInt, TokenRef } from "../../kernel/schemas/common.ts";
import { V1Chain, V1TransactionResponse, v1Write as write } from "../../kernel/schemas/v1.ts";

/** The reference's example user (its docs and clients default to it). */
const EXAMPLE_USER = "0x3254f3b1918637ba924e3F18968Cb74219974b63";

const block = qInt({
  min: 0,
  description: "block number for a historical read; latest when omitted",
}).optional();
const token = TokenRef("the symbol or address of the reserve's token").default("USDC");

export const AaveChainQuery = (chain: "arbitrum" | "ethereum" | "base") => ({
  chain: V1Chain.default(chain),
  block,
});

export const AaveSupportedTokensQuery = z.object(AaveChainQuery("arbitrum"));
export const AaveTokenQuery = (chain: "arbitrum" | "ethereum") =>
  z.object({ ...AaveChainQuery(chain), token });
export const AaveRateWindowQuery = (days: number, max: number) =>
  z.object({
    ...AaveChainQuery("ethereum"),
    token,
    days: qInt({ min: 1, max, description: "window length in days, ending at `block` (or now)" }).default(
      days,
    ),
  });
export const AaveLiquidityChangeQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  token,
  start_block: qInt({ min: 0, description: "the block the change is measured from" }).default(0),
  end_block: qInt({ min: 0, description: "the block the change is measured to" }),
});
export const AaveUserQuery = z.object({
  ...AaveChainQuery("base"),
  user: Address.describe("the wallet whose position to read").default(EXAMPLE_USER),
});
export const AaveUserTokenQuery = AaveUserQuery.extend({ token });
export const AaveHistoryQuery = z.object({
  offset: qInt({ min: 0, description: "transactions to skip, newest first" }).default(0),
  limit: qInt({ min: 1, max: 1000, description: "transactions to return" }).default(100),
  chain: V1Chain.default("base"),
  user_address: Address.describe("the wallet whose Aave history to read").default(EXAMPLE_USER),
});

export const AaveSupportedTokensResponse = z
  .object({
    tokens: z.array(
      z
        .object({
          symbol: z.string(),
          address: z.string(),
          supplying_enabled: z.boolean().describe("the token can be supplied as collateral"),
          borrowing_enabled: z.boolean(),
        })
        .meta({ id: "AaveSupportedTokenMetadata" }),
    ),
  })
  .meta({ id: "AaveSupportedTokensResponse" });

const rateFields = <T extends z.ZodType>(kind: T, what: string) =>
  z.object({
    supply_apy_variable_rate: kind.describe(`${what} variable APY for deposits (fraction)`),
    supply_apr_variable_rate: kind.describe(`${what} variable APR for deposits (fraction)`),
    borrow_apy_variable_rate: kind.describe(`${what} variable APY for loans (fraction)`),
    borrow_apr_variable_rate: kind.describe(`${what} variable APR for loans (fraction)`),
    borrow_apy_fixed_rate: kind.describe(`${what} stable-rate APY for loans (fraction)`),
    borrow_apr_fixed_rate: kind.describe(`${what} stable-rate APR for loans (fraction)`),
  });
export const AaveRateResponse = rateFields(z.string(), "the").meta({ id: "AaveRateResponse" });
export const AaveAvgRateResponse = rateFields(z.number(), "time-weighted mean of the").meta({
  id: "AaveAvgRateResponse",
});
export const AaveSTDRateResponse = rateFields(z.number(), "time-weighted standard deviation of the").meta({
  id: "AaveSTDRateResponse",
});

export const AaveReserveOverviewResponse = z
  .object({
    tvl: z.number().describe("USD supplied to the reserve"),
    total_borrowed: z.number().describe("USD borrowed from the reserve"),
    utilization_ratio: z.number().nullable().describe("borrowed ÷ supplied; null when nothing is supplied"),
  })
  .meta({ id: "AaveReserveOverviewResponse" });

export const AaveTokenPriceResponse = z
  .object({ price: z.string().describe("USD, as the Aave oracle prices it") })
  .meta({ id: "AaveTokenPriceResponse" });

export const AaveLiquidityChangeResponse = z
  .object({
    liquidity_change: z
      .string()
      .describe("percent change of the reserve's liquidity index (a deposit's growth) between the blocks"),
    start_time: z.string().describe("ISO time of start_block"),
    end_time: z.string().describe("ISO time of end_block"),
  })
  .meta({ id: "AaveLiquidityChangeResponse" });

export const AaveUserPositionSummaryResponse = z
  .object({
    maximum_loan_to_value_ratio: z.string().describe("fraction"),
    health_factor: z.string(),
    total_collateral: z.string().describe("USD"),
    total_debt: z.string().describe("USD"),
    available_borrows: z.string().describe("USD"),
    liquidation_threshold: z.string().describe("fraction"),
  })
  .meta({ id: "AaveUserPositionSummaryResponse" });

export const AaveUserPositionPerTokenResponse = z
  .object({
    token_balance: z.string().describe("aTokens: the supply with its interest"),
    stable_debt: z.string(),
    variable_debt: z.string(),
    principal_stable_debt: z.string(),
    principal_variable_debt: z.string(),
    stable_borrow_rate: z.string().describe("fraction"),
    stable_borrow_rate_for_new_loans: z.string().describe("fraction"),
    variable_borrow_rate: z.string().describe("fraction"),
    liquidity_rate: z.string().describe("fraction"),
  })
  .meta({ id: "AaveUserPositionPerTokenResponse" });

const Reserve = z
  .object({
    symbol: z.string(),
    name: z.string(),
    underlyingAsset: z.string(),
    decimals: z.int().nullable().optional(),
  })
  .meta({ id: "Reserve" });
const common = {
  id: z.string(),
  timestamp: z.int(),
  txHash: z.string(),
  block: z.int(),
};
const moved = (action: string) =>
  z
    .object({
      ...common,
      action: z.literal(action),
      amount: z.number(),
      reserve: Reserve,
      assetPriceUSD: z.number(),
      ...(action === "Borrow" ? { borrowRateMode: z.union([z.literal(1), z.literal(2)]) } : {}),
    })
    .meta({ id: action });
export const AaveHistoricalTransactionsResponse = z
  .object({
    offset: z.int(),
    limit: z.int(),
    transactions: z.array(
      z.discriminatedUnion("action", [
        moved("Borrow"),
        moved("Supply"),
        moved("Repay"),
        moved("RedeemUnderlying"),
        z
          .object({
            ...common,
            action: z.literal("LiquidationCall"),
            collateralAmount: z.number(),
            collateralReserve: Reserve,
            principalAmount: z.number(),
            principalReserve: Reserve,
            collateralAssetPriceUSD: z.number(),
            borrowAssetPriceUSD: z.number(),
          })
          .meta({ id: "LiquidationCall" }),
        z
          .object({
            ...common,
            action: z.literal("UsageAsCollateral"),
            fromState: z.boolean(),
            toState: z.boolean(),
            reserve: Reserve,
          })
          .meta({ id: "UsageAsCollateral" }),
      ]),
    ),
  })
  .meta({ id: "AaveHistoricalTransactionsResponse" });

const InterestRateMode = z
  .enum(["stable", "variable"])
  .meta({ id: "InterestRateMode", description: "Aave's stable or variable rate" });
const amount = amountUnion({ description: "human units", example: "1.5" });
export const AaveSupplyRequest = write("AAVE_SUPPLY", {
  token: TokenRef("symbol or address of the token to supply"),
  amount,
  on_behalf_of: Address.nullish().describe("whose position the supply credits (default: sender)"),
}).meta({ id: "AaveSupplyRequest" });
export const AaveBorrowRequest = write("AAVE_BORROW", {
  token: TokenRef("symbol or address of the token to borrow"),
  amount,
  interest_rate_mode: InterestRateMode,
  on_behalf_of: Address.nullish().describe(
    "whose position takes the debt (default: sender; else a credit delegator)",
  ),
}).meta({ id: "AaveBorrowRequest" });
export const AaveRepayRequest = write("AAVE_REPAY", {
  token: TokenRef("symbol or address of the token to repay"),
  amount: amountUnion({ description: "human units, or more than owed to repay all" }),
  interest_rate_mode: InterestRateMode,
  on_behalf_of: Address.nullish().describe("whose debt to repay (default: sender)"),
}).meta({ id: "AaveRepayRequest" });
export const AaveWithdrawRequest = write("AAVE_WITHDRAW", {
  token: TokenRef("symbol or address of the token to withdraw"),
  amount,
  recipient: Address.describe("who receives the withdrawn tokens"),
}).meta({ id: "AaveWithdrawRequest" });
export const AaveTransactionResponse = V1TransactionResponse;
