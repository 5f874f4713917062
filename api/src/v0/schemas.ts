/**
 * Wire schemas of the frozen v0 surface (spec v1-capabilities.md §10), as the reference's v0 OpenAPI document
 * names and types them. Component ids carry a `V0` prefix here (the names are taken by v1/v2 schemas in the one
 * registry); the v0 document drops it, so `/v0/openapi.json` names them exactly as the reference does.
 * Frozen: no field is added or changed (a snapshot test holds the document).
 */
import { z } from "zod";
import { Address } from "../kernel/schemas/common.ts";

export const V0_CHAINS = {
  "base:mainnet": "base",
  "ethereum:mainnet": "ethereum",
  "arbitrum:mainnet": "arbitrum",
} as const;
export type V0ChainValue = keyof typeof V0_CHAINS;

export const V0Chain = z
  .enum(Object.keys(V0_CHAINS) as [V0ChainValue, ...V0ChainValue[]])
  .describe("The chain to use.")
  .meta({ id: "V0Chain", title: "Chain" });

export const V0_TOKENS = [
  "1INCH",
  "AAVE",
  "BAL",
  "cbBTC",
  "cbETH",
  "CRV",
  "crvUSD",
  "DAI",
  "ENS",
  "ETHx",
  "FRAX",
  "FXS",
  "GHO",
  "KNC",
  "LDO",
  "LINK",
  "LUSD",
  "MKR",
  "osETH",
  "PYUSD",
  "rETH",
  "RPL",
  "rsETH",
  "sDAI",
  "SNX",
  "STG",
  "sUSDe",
  "tBTC",
  "UNI",
  "USDC",
  "USDe",
  "USDS",
  "USDT",
  "WBTC",
  "weETH",
  "WETH",
  "wstETH",
  "ARB",
  "EURS",
  "MAI",
  "USDCe",
  "AERO",
  "EUR",
  "VIRTUAL",
] as const;
export type V0TokenValue = (typeof V0_TOKENS)[number];

export const V0Token = z
  .enum(V0_TOKENS)
  .describe(
    "A token symbol. Notice individual endpoints' documentation where per chain tokens are presented.",
  )
  .meta({ id: "V0Token", title: "Token", examples: ["USDC"] });

export const V0_CONTRACT_NAMES = [
  "AaveV3Pool",
  "AaveV3Oracle",
  "AaveV3ProtocolDataProvider",
  "AerodromeBasicFactory",
  "AerodromeSlipstreamFactory",
  "AerodromeBasicRouter",
  "AerodromeSlipstreamRouter",
  "AerodromeBasicPool",
  "AerodromeSlipstreamPool",
  "AerodromeSlipstreamNonfungiblePositionManager",
  "UniswapV3Pool",
  "UniswapV3Router",
  "UniswapV3Factory",
  "UniswapV3NFTPositionManager",
  "UniswapV3Quoter",
  "ChainlinkEACAggregatorProxy",
  "Multicall",
] as const;

export const V0ContractName = z
  .enum(V0_CONTRACT_NAMES)
  .describe("Select the protocol. E.g. for increasing ERC-20 allowance.")
  .meta({ id: "V0ContractName", title: "ContractName" });

/** A decimal in text, as v0 took amounts: digits, an optional fraction, at most 40 characters (no real amount needs more). */
const decimalText = z
  .string()
  .trim()
  .max(40)
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, "Input should be a decimal number");
/** A JSON number below 10^21, which JavaScript writes without an exponent (a bigger amount is no real one). */
const amountNumber = z.number().lt(1e21);

/** A positive amount in human units: a JSON number or a decimal string (v0 took both). */
export const v0Amount = (description: string) =>
  z
    .union([amountNumber.gt(0), decimalText.refine((v) => Number(v) > 0, "Input should be greater than 0")])
    .describe(description)
    .meta({ examples: [1.5] });

const sender = Address.describe("The address of the transaction sender");
export const v0WriteRequest = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ...shape, chain: V0Chain, sender });

/** A JSON integer of any size (wei exceed 2^53): a bigint in the handler's answer, written as bare digits. */
const v0Int = (description: string) =>
  z
    .custom<number | bigint>((v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v)))
    .meta({ type: "integer", description } as any);

/** v0 actions answer the transaction itself, its numbers as JSON integers (no `{transaction}` wrapper). */
export const V0UnsignedTransaction = z
  .object({
    chainId: v0Int("The chain id of the transaction"),
    data: z.string().describe("The data of the transaction"),
    from: z.string().describe("The sender of the transaction"),
    gas: v0Int("The gas of the transaction"),
    to: z.string().describe("The recipient of the transaction"),
    value: v0Int("The value of the transaction"),
    nonce: v0Int("The nonce of the address"),
    maxFeePerGas: v0Int("The max fee per gas of the transaction"),
    maxPriorityFeePerGas: v0Int("The max priority fee per gas of the transaction"),
  })
  .meta({ id: "V0UnsignedTransaction", title: "UnsignedTransaction" });

/* ---- generic ---- */

export const V0PortfolioRequest = z
  .object({ chain: V0Chain, user: Address.describe("The user to get portfolio for.") })
  .meta({ id: "V0PortfolioRequest", title: "PortfolioRequest" });
export const V0TokenBalance = z
  .object({
    amount: z.string().describe("Amount of tokens a particular address holds"),
    decimals: z.int().describe("Number of decimals of the token"),
    token_symbol: V0Token,
    token_address: z.string().describe("Address of the token"),
    price: z.string().describe("Price of the token in USD"),
    token_value_in_usd: z.string().describe("Value of the token balance in USD"),
  })
  .meta({ id: "V0TokenBalance", title: "TokenBalance" });
export const V0Portfolio = z
  .object({
    total_value_in_usd: z.string().describe("Total value of the portfolio in USD"),
    token_balances: z.array(V0TokenBalance).describe("List of token balances"),
  })
  .meta({ id: "V0Portfolio", title: "Portfolio" });

export const V0VisualizePortfolioRequest = z
  .object({ chain: V0Chain, user: Address.describe("The user to get portfolio for.") })
  .meta({ id: "V0VisualizePortfolioRequest", title: "VisualizePortfolioRequest" });
export const V0Image = z
  .object({ image: z.string().describe("The portfolio as an SVG image, base64-encoded") })
  .meta({ id: "V0Image", title: "Image" });

export const V0PriceRequest = z
  .object({ chain: V0Chain, token: V0Token.describe("The symbol of the token for which to get the price") })
  .meta({ id: "V0PriceRequest", title: "PriceRequest" });
export const V0PriceResponse = z
  .object({ token_price_in_usd: z.string().describe("Price of the token in USD") })
  .meta({ id: "V0PriceResponse", title: "PriceResponse" });

export const V0TokensRequest = z
  .object({ chain: V0Chain })
  .meta({ id: "V0TokensRequest", title: "TokensRequest" });
export const V0TokenInfo = z
  .object({ tokens: z.array(V0Token).describe("The tokens supported on the chain") })
  .meta({ id: "V0TokenInfo", title: "TokenInfo" });

export const V0GetErc20BalanceRequest = z
  .object({
    chain: V0Chain,
    user: Address.describe("The user to get the ERC20 balance of."),
    token: V0Token.describe("The symbol of the token for which the balance is checked."),
  })
  .meta({ id: "V0GetErc20BalanceRequest", title: "GetErc20BalanceRequest" });
export const V0BalanceInfoResponse = z
  .object({
    amount: z.string().describe("Amount of tokens a particular address holds"),
    decimals: z.int().describe("Number of decimals of the token"),
    token_symbol: V0Token,
    token_address: z.string().describe("Address of the token"),
  })
  .meta({ id: "V0BalanceInfoResponse", title: "BalanceInfoResponse" });

export const V0GetErc20AllowanceRequest = z
  .object({
    chain: V0Chain,
    user: Address.describe("The user to get the ERC20 allowance of."),
    token: V0Token.describe("The symbol of the token for which the allowance is checked."),
    contract_name: V0ContractName.describe("The name of the contract to check allowance for."),
  })
  .meta({ id: "V0GetErc20AllowanceRequest", title: "GetErc20AllowanceRequest" });
export const V0AllowanceInfoResponse = z
  .object({
    amount: z.string().describe("Amount of tokens approved"),
    decimals: z.int().describe("Number of decimals of the token"),
    token_symbol: V0Token,
    token_address: z.string().describe("Address of the token"),
    contract_address: z.string().describe("Address of the contract the allowance is for"),
  })
  .meta({ id: "V0AllowanceInfoResponse", title: "AllowanceInfoResponse" });

export const V0GetEnsDetailsRequest = z
  .object({
    chain: V0Chain,
    ens_name: z.string().trim().min(1).max(255).describe("The ENS name to resolve."),
  })
  .meta({ id: "V0GetEnsDetailsRequest", title: "GetEnsDetailsRequest" });
export const V0EnsNameInfoResponse = z
  .object({
    wallet_address: z.string().describe("The wallet address the name resolves to"),
    registrant: z.string().describe("The owner of the name"),
  })
  .meta({ id: "V0EnsNameInfoResponse", title: "EnsNameInfoResponse" });

export const V0WrapEthRequest = v0WriteRequest({ amount: v0Amount("The amount of ETH to wrap.") }).meta({
  id: "V0WrapEthRequest",
  title: "WrapEthRequest",
});
export const V0UnwrapWethRequest = v0WriteRequest({ amount: v0Amount("The amount of WETH to unwrap.") }).meta(
  {
    id: "V0UnwrapWethRequest",
    title: "UnwrapWethRequest",
  },
);
export const V0TransferErc20Request = v0WriteRequest({
  amount: v0Amount("Amount of token to transfer"),
  token: V0Token.describe("The symbol of the token to transfer."),
  to: Address.describe("The recipient of the tokens."),
}).meta({ id: "V0TransferERC20Request", title: "TransferERC20Request" });
export const V0TransferEthRequest = v0WriteRequest({
  amount: v0Amount("Amount of ETH to transfer"),
  to: Address.describe("The recipient of the ETH."),
}).meta({ id: "V0TransferEthRequest", title: "TransferEthRequest" });
export const V0IncreaseAllowanceRequest = v0WriteRequest({
  token: V0Token.describe("The symbol of the token for which the allowance is increased."),
  contract_name: V0ContractName.describe("The name of the contract to increase allowance for."),
  amount: v0Amount("The amount of tokens to increase the allowance by."),
}).meta({ id: "V0IncreaseAllowanceRequest", title: "IncreaseAllowanceRequest" });

/* ---- token ---- */

export const V0AddressRequest = z
  .object({ chain: V0Chain, token: V0Token.describe("The token symbol to get the address for.") })
  .meta({ id: "V0AddressRequest", title: "AddressRequest" });
export const V0AddressResponse = z
  .object({ address: z.string().describe("Address of the token provided") })
  .meta({ id: "V0AddressResponse", title: "AddressResponse" });

/* ---- aave ---- */

const asset = (what: string) => V0Token.describe(`The symbol of the underlying asset ${what}.`);
const onBehalfOf = (what: string) =>
  Address.nullish().describe(`${what} Defaults to the transaction sender.`);

export const V0InterestRateMode = z
  .enum(["stable", "variable"])
  .describe("The interest rate mode: stable or variable.")
  .meta({ id: "V0InterestRateMode", title: "InterestRateMode" });

export const V0AaveSupplyRequest = v0WriteRequest({
  asset: asset("to supply as collateral"),
  amount: v0Amount("The amount of the asset to supply"),
  on_behalf_of: onBehalfOf("The address on behalf of whom the supply is made."),
}).meta({ id: "V0AaveSupplyRequest", title: "AaveSupplyRequest" });
export const V0AaveBorrowRequest = v0WriteRequest({
  asset: asset("to borrow"),
  amount: v0Amount("The amount of the asset to borrow"),
  interest_rate_mode: V0InterestRateMode,
  on_behalf_of: onBehalfOf("The address on behalf of whom the borrow is made."),
}).meta({ id: "V0AaveBorrowRequest", title: "AaveBorrowRequest" });
export const V0AaveRepayRequest = v0WriteRequest({
  asset: asset("to repay"),
  amount: v0Amount("The amount of the asset to repay"),
  interest_rate_mode: V0InterestRateMode,
  on_behalf_of: onBehalfOf("The address on behalf of whom the repay is made."),
}).meta({ id: "V0AaveRepayRequest", title: "AaveRepayRequest" });
export const V0AaveWithdrawRequest = v0WriteRequest({
  asset: asset("to withdraw"),
  amount: v0Amount("The amount of the asset to withdraw"),
  recipient: Address.describe("The address of the recipient of the withdrawn funds."),
}).meta({ id: "V0AaveWithdrawRequest", title: "AaveWithdrawRequest" });

export const V0AaveGetAssetPriceRequest = z
  .object({ chain: V0Chain, asset: asset("to price") })
  .meta({ id: "V0AaveGetAssetPriceRequest", title: "AaveGetAssetPriceRequest" });
export const V0AaveAssetPriceResponse = z
  .object({ price: z.string().describe("The price of the asset in USD") })
  .meta({ id: "V0AaveAssetPriceResponse", title: "AaveAssetPriceResponse" });

export const V0AaveGetLiquidityChangeRequest = z
  .object({
    chain: V0Chain,
    start_block: z.int().min(0).describe("The block the change is measured from."),
    end_block: z
      .int()
      .min(0)
      .nullish()
      .describe("The block the change is measured to; the latest when omitted."),
    asset: asset("whose liquidity index to follow"),
  })
  .meta({ id: "V0AaveGetLiquidityChangeRequest", title: "AaveGetLiquidityChangeRequest" });
export const V0AaveLiquidityChangeResponse = z
  .object({
    liquidity_change: z.string().describe("The change of the liquidity index over the blocks, in percent"),
    start_time: z.string().meta({ format: "date-time" }).describe("The time of the start block"),
    end_time: z.string().meta({ format: "date-time" }).describe("The time of the end block"),
  })
  .meta({ id: "V0AaveLiquidityChangeResponse", title: "AaveLiquidityChangeResponse" });

export const V0AaveGetUserPositionSummaryRequest = z
  .object({ chain: V0Chain, user: Address.describe("The user whose position to read.") })
  .meta({ id: "V0AaveGetUserPositionSummaryRequest", title: "AaveGetUserPositionSummaryRequest" });
export const V0AaveUserPositionSummaryResponse = z
  .object({
    maximum_loan_to_value_ratio: z.string(),
    health_factor: z.string(),
    total_collateral: z.string(),
    total_debt: z.string(),
    available_borrows: z.string(),
    liquidation_threshold: z.string(),
  })
  .meta({ id: "V0AaveUserPositionSummaryResponse", title: "AaveUserPositionSummaryResponse" });

export const V0AaveGetUserPositionPerTokenRequest = z
  .object({
    chain: V0Chain,
    user: Address.describe("The user whose position to read."),
    asset: asset("to read"),
  })
  .meta({ id: "V0AaveGetUserPositionPerTokenRequest", title: "AaveGetUserPositionPerTokenRequest" });
export const V0AaveUserPositionPerTokenResponse = z
  .object({
    token_balance: z.string(),
    stable_debt: z.string(),
    variable_debt: z.string(),
    principal_stable_debt: z.string(),
    principal_variable_debt: z.string(),
    stable_borrow_rate: z.string(),
    stable_borrow_rate_for_new_loans: z.string(),
    variable_borrow_rate: z.string(),
    liquidity_rate: z.string(),
  })
  .meta({ id: "V0AaveUserPositionPerTokenResponse", title: "AaveUserPositionPerTokenResponse" });

/* ---- uniswap ---- */

export const V0FeeEnum = z
  .enum(["0.01", "0.05", "0.3", "1.0"])
  .describe("The pool's fee tier, in percent.")
  .meta({ id: "V0FeeEnum", title: "FeeEnum" });

/** An amount that may be zero (a bound, a minimum), a JSON number or a decimal string. */
export const v0AmountOrZero = (description: string) =>
  z
    .union([amountNumber.min(0), decimalText])
    .describe(description)
    .meta({ examples: [1.5], "x-zero-allowed": true } as any);

/** A liquidity position's amounts: the most and the least of each token to add. */
const lpAmounts = {
  amount0_desired: v0AmountOrZero("The most token0 to add."),
  amount1_desired: v0AmountOrZero("The most token1 to add."),
  amount0_min: v0AmountOrZero("The least token0 to add."),
  amount1_min: v0AmountOrZero("The least token1 to add."),
};
const percentageForWithdrawal = z
  .union([
    z.number().gt(0).max(100),
    decimalText.refine((v) => Number(v) > 0 && Number(v) <= 100, "Input should be above 0 and at most 100"),
  ])
  .describe("The percentage of the position's liquidity to withdraw.");

const pairV0 = {
  token_in: V0Token.describe("The symbol of the token to sell.").meta({ examples: ["WETH"] }),
  token_out: V0Token.describe("The symbol of the token to buy.").meta({ examples: ["USDC"] }),
  fee: V0FeeEnum.meta({ examples: ["0.05"] }),
};
const wrapEth = z
  .boolean()
  .default(false)
  .describe("Whether to wrap ETH into WETH first (not offered here: wrap with /v0/generic/wrap_eth).");

export const V0UniswapBuyExactlyRequest = v0WriteRequest({
  ...pairV0,
  amount_out: v0Amount("The amount of token_out to buy."),
  amount_in_maximum: v0AmountOrZero("The most token_in to pay."),
  wrap_eth: wrapEth,
}).meta({ id: "V0UniswapBuyExactlyRequest", title: "UniswapBuyExactlyRequest" });
export const V0UniswapSellExactlyRequest = v0WriteRequest({
  ...pairV0,
  amount_in: v0Amount("The amount of token_in to sell."),
  amount_out_minimum: v0AmountOrZero("The least token_out to receive.").default(0),
  wrap_eth: wrapEth,
}).meta({ id: "V0UniswapSellExactlyRequest", title: "UniswapSellExactlyRequest" });

const tick = (which: string) => z.int().min(-887272).max(887272).describe(`The position's ${which} tick.`);
export const V0UniswapMintLiquidityProvisionRequest = v0WriteRequest({
  token0: V0Token.describe("The symbol of the pool's first token.").meta({ examples: ["WETH"] }),
  token1: V0Token.describe("The symbol of the pool's second token.").meta({ examples: ["USDC"] }),
  fee: V0FeeEnum.meta({ examples: ["0.05"] }),
  tick_lower: tick("lower").meta({ examples: [-600] }),
  tick_upper: tick("upper").meta({ examples: [600] }),
  ...lpAmounts,
  recipient: Address.nullish().describe("Who receives the position NFT; the sender when omitted."),
}).meta({ id: "V0UniswapMintLiquidityProvisionRequest", title: "UniswapMintLiquidityProvisionRequest" });
export const V0UniswapIncreaseLiquidityProvisionRequest = v0WriteRequest({
  token_id: z.int().min(0).describe("The position NFT's id."),
  ...lpAmounts,
}).meta({
  id: "V0UniswapIncreaseLiquidityProvisionRequest",
  title: "UniswapIncreaseLiquidityProvisionRequest",
});
export const V0UniswapWithdrawLiquidityProvisionRequest = v0WriteRequest({
  token_id: z.int().min(0).describe("The position NFT's id."),
  percentage_for_withdrawal: percentageForWithdrawal,
}).meta({
  id: "V0UniswapWithdrawLiquidityProvisionRequest",
  title: "UniswapWithdrawLiquidityProvisionRequest",
});

export const V0UniswapGetBuyQuoteRequest = z
  .object({ chain: V0Chain, ...pairV0, amount_out: v0Amount("The amount of token_out to buy.") })
  .meta({ id: "V0UniswapGetBuyQuoteRequest", title: "UniswapGetBuyQuoteRequest" });
export const V0UniswapBuyQuoteInfoResponse = z
  .object({ amount_in: z.string(), price_after: z.string() })
  .meta({ id: "V0UniswapBuyQuoteInfoResponse", title: "UniswapBuyQuoteInfoResponse" });
export const V0UniswapGetSellQuoteRequest = z
  .object({ chain: V0Chain, ...pairV0, amount_in: v0Amount("The amount of token_in to sell.") })
  .meta({ id: "V0UniswapGetSellQuoteRequest", title: "UniswapGetSellQuoteRequest" });
export const V0UniswapSellQuoteInfoResponse = z
  .object({ amount_out: z.string(), price_after: z.string() })
  .meta({ id: "V0UniswapSellQuoteInfoResponse", title: "UniswapSellQuoteInfoResponse" });
export const V0UniswapGetPoolPriceRequest = z
  .object({ chain: V0Chain, ...pairV0 })
  .meta({ id: "V0UniswapGetPoolPriceRequest", title: "UniswapGetPoolPriceRequest" });
export const V0UniswapPoolPriceResponse = z
  .object({ token_in: V0Token, token_out: V0Token, price: z.string(), tick: z.int() })
  .meta({ id: "V0UniswapPoolPriceResponse", title: "UniswapPoolPriceResponse" });
export const V0UniswapCheckInRangeRequest = z
  .object({ chain: V0Chain, token_id: z.int().min(0).describe("The position NFT's id.") })
  .meta({ id: "V0UniswapCheckInRangeRequest", title: "UniswapCheckInRangeRequest" });
export const V0UniswapCheckInRangeResponse = z
  .object({ in_range: z.boolean() })
  .meta({ id: "V0UniswapCheckInRangeResponse", title: "UniswapCheckInRangeResponse" });
export const V0UniswapGetLiquidityProvisionPositionsRequest = z
  .object({
    chain: V0Chain,
    user: Address.describe("The owner of the positions."),
  })
  .meta({
    id: "V0UniswapGetLiquidityProvisionPositionsRequest",
    title: "UniswapGetLiquidityProvisionPositionsRequest",
  });
/** A position's amounts as the position manager records them: JSON integers of any size. */
const positionAmounts = {
  liquidity: v0Int("The position's liquidity"),
  fee_growth_inside0_last_x128: v0Int("Fee growth of token0 inside the range at the last update"),
  fee_growth_inside1_last_x128: v0Int("Fee growth of token1 inside the range at the last update"),
  tokens_owed0: v0Int("token0 owed to the position"),
  tokens_owed1: v0Int("token1 owed to the position"),
};
export const V0UniswapPositionsSolidityResponse = z
  .object({
    nonce: v0Int("The position's nonce"),
    operator: z.string(),
    token0: z.string(),
    token1: z.string(),
    fee: z.int(),
    tick_lower: z.int(),
    tick_upper: z.int(),
    ...positionAmounts,
  })
  .meta({ id: "V0UniswapPositionsSolidityResponse", title: "UniswapPositionsSolidityResponse" });
export const V0UniswapLPPositionsInfoResponse = z
  .object({ positions: z.record(z.string(), V0UniswapPositionsSolidityResponse) })
  .meta({ id: "V0UniswapLPPositionsInfoResponse", title: "UniswapLPPositionsInfoResponse" });

/* ---- aerodrome slipstream ---- */

const tickSpacing = z
  .int()
  .min(1)
  .describe("The pool's tick spacing.")
  .meta({ examples: [100] });
const pairSlipstream = {
  token_in: V0Token.describe("The symbol of the token to sell.").meta({ examples: ["WETH"] }),
  token_out: V0Token.describe("The symbol of the token to buy.").meta({ examples: ["USDC"] }),
  tick_spacing: tickSpacing,
};

export const V0AerodromeSlipstreamSellExactlyRequest = v0WriteRequest({
  ...pairSlipstream,
  amount_in: v0Amount("The amount of token_in to sell."),
  amount_out_minimum: v0AmountOrZero("The least token_out to receive.").default(0),
}).meta({ id: "V0AerodromeSlipstreamSellExactlyRequest", title: "AerodromeSlipstreamSellExactlyRequest" });
export const V0AerodromeSlipstreamBuyExactlyRequest = v0WriteRequest({
  ...pairSlipstream,
  amount_out: v0Amount("The amount of token_out to buy."),
  amount_in_maximum: v0AmountOrZero("The most token_in to pay."),
}).meta({ id: "V0AerodromeSlipstreamBuyExactlyRequest", title: "AerodromeSlipstreamBuyExactlyRequest" });
export const V0AerodromeSlipstreamMintLiquidityProvisionRequest = v0WriteRequest({
  token0: V0Token.describe("The symbol of the pool's first token.").meta({ examples: ["WETH"] }),
  token1: V0Token.describe("The symbol of the pool's second token.").meta({ examples: ["USDC"] }),
  tick_spacing: tickSpacing,
  tick_lower: z
    .int()
    .describe("The position's lower tick.")
    .meta({ examples: [-600] }),
  tick_upper: z
    .int()
    .describe("The position's upper tick.")
    .meta({ examples: [600] }),
  ...lpAmounts,
  recipient: Address.nullish().describe("Who receives the position NFT; the sender when omitted."),
}).meta({
  id: "V0AerodromeSlipstreamMintLiquidityProvisionRequest",
  title: "AerodromeSlipstreamMintLiquidityProvisionRequest",
});
export const V0AerodromeSlipstreamIncreaseLiquidityProvisionRequest = v0WriteRequest({
  token_id: z.int().min(0).describe("The position NFT's id."),
  ...lpAmounts,
}).meta({
  id: "V0AerodromeSlipstreamIncreaseLiquidityProvisionRequest",
  title: "AerodromeSlipstreamIncreaseLiquidityProvisionRequest",
});
export const V0AerodromeSlipstreamWithdrawLiquidityProvisionRequest = v0WriteRequest({
  token_id: z.int().min(0).describe("The position NFT's id."),
  percentage_for_withdrawal: percentageForWithdrawal,
}).meta({
  id: "V0AerodromeSlipstreamWithdrawLiquidityProvisionRequest",
  title: "AerodromeSlipstreamWithdrawLiquidityProvisionRequest",
});
export const V0AerodromeSlipstreamGetLiquidityProvisionPositionsRequest = z
  .object({
    chain: V0Chain,
    user: Address.describe("The owner of the positions."),
  })
  .meta({
    id: "V0AerodromeSlipstreamGetLiquidityProvisionPositionsRequest",
    title: "AerodromeSlipstreamGetLiquidityProvisionPositionsRequest",
  });
export const V0AerodromePosition = z
  .object({
    nonce: v0Int("The position's nonce"),
    operator: z.string(),
    token0: V0Token,
    token1: V0Token,
    tick_spacing: z.int(),
    tick_lower: z.int(),
    tick_upper: z.int(),
    ...positionAmounts,
    token_id: v0Int("The position NFT's id"),
  })
  .meta({ id: "V0AerodromePosition", title: "AerodromePosition" });
export const V0AerodromeLPPositionsResponse = z
  .object({ positions: z.record(z.string(), V0AerodromePosition) })
  .meta({ id: "V0AerodromeLPPositionsResponse", title: "AerodromeLPPositionsResponse" });
export const V0AerodromeSlipstreamGetPoolPriceRequest = z
  .object({ chain: V0Chain, ...pairSlipstream })
  .meta({ id: "V0AerodromeSlipstreamGetPoolPriceRequest", title: "AerodromeSlipstreamGetPoolPriceRequest" });
export const V0AerodromeSlipstreamPoolPriceResponse = z
  .object({ token_in: V0Token, token_out: V0Token, price: z.string(), tick: z.int() })
  .meta({ id: "V0AerodromeSlipstreamPoolPriceResponse", title: "AerodromeSlipstreamPoolPriceResponse" });
