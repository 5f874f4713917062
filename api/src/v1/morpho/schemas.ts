/**
 * Wire schemas of the v1 Morpho group (spec v1-capabilities.md §1, Morpho): Morpho Blue's markets and a wallet's
 * position in one, read from the singleton; MetaMorpho vaults as ERC-4626; writes the wallet signs. The market
 * objects keep the reference's camelCase (they mirror Morpho's own API); market_position is snake_case.
 */
import { z } from "zod";
import { Address, amountUnion, TokenRef } from "../../kernel/schemas/common.ts";
import { V1Chain, v1Write } from "../../kernel/schemas/v1.ts";
import {
  VaultDepositRequest,
  VaultGetVaultResponse,
  VaultQuery,
  VaultWithdrawRequest,
} from "../../kernel/schemas/v1-vaults.ts";

/** The reference's example market and user (its docs and clients default to them). */
const EXAMPLE_MARKET = "0x3b3769cfca57be2eaed03fcc5299c25691b77781a1e124e7a8d520eb9a7eabb5";
const EXAMPLE_USER = "0x81d310Eb515E05EB26322e2DeDE9e75b754885A4";

const marketKey = z.string().trim().describe("the market's id (bytes32), as `markets` lists it");
const bigInt = z.union([z.int(), z.string()]).describe("raw units; a decimal string beyond 2^53");

export const MarketsQuery = z.object({
  chain: V1Chain.default("base"),
  collateral_token: TokenRef("only markets with this collateral (symbol or address)").nullish(),
  loan_token: TokenRef("only markets lending this token (symbol or address)").nullish(),
});
const ChainInfo = z
  .object({ id: z.int(), network: z.string().nullable().optional() })
  .meta({ id: "ChainInfo" });
const ListAsset = z
  .object({ address: z.string(), symbol: z.string(), name: z.string(), decimals: z.int() })
  .meta({ id: "MorphoAsset" });
export const MorphoGetMarketsResponse = z
  .object({
    markets: z.array(
      z
        .object({
          uniqueKey: z.string(),
          lltv: bigInt.describe("liquidation LTV, scaled by 1e18"),
          oracleAddress: z.string(),
          irmAddress: z.string(),
          state: z
            .object({
              borrowApy: z.number(),
              borrowAssets: bigInt,
              borrowAssetsUsd: z.number().nullable(),
              supplyApy: z.number(),
              supplyAssets: bigInt,
              supplyAssetsUsd: z.number().nullable(),
              fee: z.number().describe("fraction of the interest the market keeps"),
              utilization: z.number(),
            })
            .meta({ id: "MorphoMarketState" }),
          weeklyApys: z
            .object({
              supplyApy: z.number(),
              netSupplyApy: z.number(),
              borrowApy: z.number(),
              netBorrowApy: z.number(),
            })
            .meta({ id: "WeeklyApys" }),
          collateralAsset: ListAsset.nullable(),
          loanAsset: ListAsset,
        })
        .meta({ id: "MorphoMarket" }),
    ),
  })
  .meta({ id: "MorphoGetMarketsResponse" });

export const VaultsQuery = z.object({
  chain: V1Chain.default("base"),
  deposit_token: TokenRef("only vaults taking this token (symbol or address)").nullish(),
});
export const MorphoGetVaultsResponse = z
  .object({
    vaults: z.array(
      z
        .object({
          address: z.string(),
          symbol: z.string(),
          name: z.string(),
          creationBlockNumber: z.int(),
          creationTimestamp: z.int(),
          creatorAddress: z.string(),
          whitelisted: z.boolean(),
          asset: ListAsset.omit({ name: true }).extend({ chain: ChainInfo }).meta({ id: "MorphoVaultAsset" }),
          chain: ChainInfo,
          state: z
            .object({
              id: z.string(),
              apy: z.number().describe("before the vault's fee (fraction)"),
              netApy: z
                .number()
                .describe("what depositors earn: the share price's growth over the last week"),
              totalAssets: bigInt,
              totalAssetsUsd: z.number().nullable().optional(),
              fee: z.number(),
              timelock: z.int().describe("seconds"),
            })
            .meta({ id: "MorphoVaultState" }),
        })
        .meta({ id: "MorphoVault" }),
    ),
  })
  .meta({ id: "MorphoGetVaultsResponse" });

export const UserPositionQuery = z.object({
  chain: V1Chain.default("base"),
  user_address: Address.describe("the wallet").default(EXAMPLE_USER),
});
const UserAsset = z
  .object({
    name: z.string(),
    symbol: z.string(),
    address: z.string(),
    decimals: z.int(),
    priceUsd: z.string().nullable(),
    logoURI: z.string().nullable(),
  })
  .meta({ id: "MorphoUserAsset" });
const UserApy = z.object({ apy: z.string(), netApy: z.string() }).meta({ id: "MorphoUserApyData" });
export const MorphoCheckUserPositionResponse = z
  .object({
    state: z
      .object({
        vaultsPnlUsd: z.string().nullable(),
        vaultsAssetsUsd: z.string(),
        marketsPnlUsd: z.string().nullable(),
        marketsBorrowAssetsUsd: z.string(),
        marketsCollateralUsd: z.string(),
        marketsSupplyAssetsUsd: z.string(),
      })
      .meta({ id: "MorphoUserState" }),
    vaultPositions: z.array(
      z
        .object({
          id: z.string(),
          state: z
            .object({ pnlUsd: z.string(), assets: z.string(), assetsUsd: z.string(), shares: z.string() })
            .meta({ id: "MorphoUserVaultState" }),
          vault: z
            .object({
              address: z.string(),
              name: z.string(),
              symbol: z.string(),
              whitelisted: z.boolean(),
              asset: UserAsset,
              dailyApys: UserApy,
              weeklyApys: UserApy,
              monthlyApys: UserApy,
            })
            .meta({ id: "MorphoUserVault" }),
        })
        .meta({ id: "MorphoVaultPosition" }),
    ),
    marketPositions: z.array(
      z
        .object({
          market: z.object({ uniqueKey: z.string() }),
          healthFactor: z.string().nullable(),
          priceVariationToLiquidationPrice: z
            .string()
            .nullable()
            .describe("the fraction the collateral's price may fall before liquidation"),
          state: z
            .object({
              pnlUsd: z.string(),
              borrowAssets: z.string(),
              borrowShares: z.string(),
              borrowAssetsUsd: z.string(),
              collateral: z.string(),
              collateralUsd: z.string(),
              supplyAssets: z.string(),
              supplyShares: z.string(),
              supplyAssetsUsd: z.string(),
            })
            .meta({ id: "MorphoUserMarketState" }),
        })
        .meta({ id: "MorphoMarketPosition" }),
    ),
  })
  .meta({ id: "MorphoCheckUserPositionResponse" });

export const MarketQuery = z.object({
  chain: V1Chain.default("base"),
  unique_market_key: marketKey.default(EXAMPLE_MARKET),
});
const ApyData = z
  .object({
    borrowApy: z.string(),
    netBorrowApy: z.string(),
    netSupplyApy: z.string(),
    supplyApy: z.string(),
  })
  .meta({ id: "MorphoApyData", description: "fractions (0.05 = 5 %)" });
const MarketAsset = z
  .object({
    address: z.string(),
    symbol: z.string(),
    name: z.string(),
    decimals: z.int(),
    priceUsd: z.string().nullable(),
    logoURI: z.string().nullable(),
  })
  .meta({ id: "MorphoMarketAsset" });
export const MorphoGetMarketResponse = z
  .object({
    whitelisted: z.boolean(),
    lltv: z.string().describe("scaled by 1e18"),
    dailyApys: ApyData,
    weeklyApys: ApyData,
    monthlyApys: ApyData,
    yearlyApys: ApyData,
    allTimeApys: ApyData,
    collateralAsset: MarketAsset,
    loanAsset: MarketAsset,
    state: z
      .object({
        utilization: z.string(),
        collateralAssets: z.string().nullable().optional(),
        collateralAssetsUsd: z.string().nullable().optional(),
        borrowAssets: z.string(),
        borrowAssetsUsd: z.string().nullable().optional(),
        liquidityAssets: z.string(),
        liquidityAssetsUsd: z.string().nullable().optional(),
        totalLiquidity: z.string(),
        totalLiquidityUsd: z.string().nullable().optional(),
      })
      .meta({ id: "MorphoGetMarketState" }),
  })
  .meta({ id: "MorphoGetMarketResponse" });

export const MarketPositionQuery = z.object({
  chain: V1Chain.default("base"),
  user_address: Address.describe("the borrower").default(EXAMPLE_USER),
  unique_market_key: marketKey.default(EXAMPLE_MARKET),
});
export const MorphoCheckMarketPositionResponse = z
  .object({
    borrow_shares: bigInt,
    borrow_amount: z.string().describe("loan token owed, interest to the next block included"),
    collateral_amount: z.string(),
    current_loan_to_value: z.string().describe("debt ÷ collateral at the market's oracle (fraction)"),
    liquidation_loan_to_value_threshold: z.string().describe("the market's LLTV (fraction)"),
  })
  .meta({ id: "MorphoCheckMarketPositionResponse" });

export { VaultGetVaultResponse };
export const MorphoVaultQuery = VaultQuery("ethereum");

const onBehalf = Address.nullish().describe("whose position (default: sender)");
const receiver = Address.nullish().describe("who receives the tokens (default: sender)");
const amount = amountUnion({ description: "human units", example: "1.5" });
const all = (what: string) => z.union([z.literal("ALL"), amount]).describe(`human units, or "ALL": ${what}`);

export const MorphoDepositRequest = VaultDepositRequest.extend({
  action_type: z
    .literal("MORPHO_DEPOSIT")
    .optional()
    .describe("this write's kind, as a bundle action names it"),
}).meta({ id: "MorphoDepositRequest" });
export const MorphoWithdrawRequest = VaultWithdrawRequest.extend({
  action_type: z
    .literal("MORPHO_WITHDRAW")
    .optional()
    .describe("this write's kind, as a bundle action names it"),
}).meta({ id: "MorphoWithdrawRequest" });
export const MorphoSupplyCollateralRequest = v1Write("MORPHO_SUPPLY_COLLATERAL", {
  amount,
  unique_market_key: marketKey,
  on_behalf_of: onBehalf,
  callback_data: z.string().nullish().describe("not supported: must be empty"),
}).meta({ id: "MorphoSupplyCollateralRequest" });
export const MorphoWithdrawCollateralRequest = v1Write("MORPHO_WITHDRAW_COLLATERAL", {
  amount,
  unique_market_key: marketKey,
  on_behalf_of: onBehalf,
  receiver,
}).meta({ id: "MorphoWithdrawCollateralRequest" });
export const MorphoBorrowRequest = v1Write("MORPHO_BORROW", {
  amount,
  unique_market_key: marketKey,
  on_behalf_of: onBehalf,
  receiver,
}).meta({ id: "MorphoBorrowRequest" });
export const MorphoRepayRequest = v1Write("MORPHO_REPAY", {
  amount: all("the whole debt, by shares, interest included"),
  unique_market_key: marketKey,
  on_behalf_of: onBehalf,
  callback_data: z.string().nullish().describe("not supported: must be empty"),
}).meta({ id: "MorphoRepayRequest" });
