/**
 * Wire schemas of the frozen v0 surface (spec v1-capabilities.md §10), as the reference's v0 OpenAPI document
 * names and types them. Component ids carry a `V0` prefix here (the names are taken by v1/v2 schemas in the one
 * registry); the v0 document drops it, so `/v0/openapi.json` names them exactly as the reference does.
 * Frozen: no field is added or changed (a snapshot test holds the document).
 */
import { z } from "zod";
import { Address } from "../schemas/common.ts";

/** The reference's example wallet, its default `sender`. */
export const V0_EXAMPLE_SENDER = "0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B";

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
  .meta({ id: "V0Token", title: "Token" });

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

/** A positive amount in human units: a JSON number or a decimal string (v0 took both). */
export const v0Amount = (description: string) =>
  z
    .union([
      z.number().gt(0),
      z
        .string()
        .trim()
        .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, "Input should be a decimal number"),
    ])
    .describe(description)
    .meta({ examples: [1.5] });

const sender = Address.describe("The address of the transaction sender").default(V0_EXAMPLE_SENDER);
export const v0Write = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, chain: V0Chain, sender });

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

export const V0WrapEthRequest = v0Write({ amount: v0Amount("The amount of ETH to wrap.") }).meta({
  id: "V0WrapEthRequest",
  title: "WrapEthRequest",
});
export const V0UnwrapWethRequest = v0Write({ amount: v0Amount("The amount of WETH to unwrap.") }).meta({
  id: "V0UnwrapWethRequest",
  title: "UnwrapWethRequest",
});
export const V0TransferErc20Request = v0Write({
  amount: v0Amount("Amount of token to transfer"),
  token: V0Token.describe("The symbol of the token to transfer."),
  to: Address.describe("The recipient of the tokens."),
}).meta({ id: "V0TransferERC20Request", title: "TransferERC20Request" });
export const V0TransferEthRequest = v0Write({
  amount: v0Amount("Amount of ETH to transfer"),
  to: Address.describe("The recipient of the ETH."),
}).meta({ id: "V0TransferEthRequest", title: "TransferEthRequest" });
export const V0IncreaseAllowanceRequest = v0Write({
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
