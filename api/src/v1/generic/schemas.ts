/**
 * Wire schemas of the v1 generic group (spec v1-capabilities.md §9): a wallet's portfolio, the chains each
 * protocol runs on here, allowances read and set, ETH wrapped and unwrapped.
 */
import { z } from "zod";
import { Address, amountUnion, TokenRef } from "../../kernel/schemas/common.ts";
import { EthereumChain, V1Chain, v1Write } from "../../kernel/schemas/v1.ts";
import { CONTRACT_NAMES, PROTOCOL_MARKERS } from "./domain/contracts.ts";

/** The reference's example wallet (its docs and clients default to it). */
const EXAMPLE_USER = "0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B";

export const Protocol = z
  .enum(
    Object.keys(PROTOCOL_MARKERS) as [keyof typeof PROTOCOL_MARKERS, ...(keyof typeof PROTOCOL_MARKERS)[]],
  )
  .meta({ id: "Protocol" });

export const ContractRef = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe(`a contract by name (${CONTRACT_NAMES.join(", ")}) or its address`)
  .meta({ examples: ["AaveV3Pool"] });

export const PortfolioQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  user: Address.describe("the wallet whose holdings to list").default(EXAMPLE_USER),
});

export const Portfolio = z
  .object({
    total_value_in_usd: z.string(),
    token_balances: z.array(
      z
        .object({
          amount: z.string().describe("human units"),
          decimals: z.int(),
          token_symbol: z.string(),
          token_address: z.string().describe("the token, or the zero address for the native coin"),
          price: z.string().describe("USD per whole token, at the chain's price oracle"),
          token_value_in_usd: z.string(),
        })
        .meta({ id: "PortfolioTokenBalance" }),
    ),
  })
  .meta({ id: "Portfolio" });

export const SupportedChainsQuery = z.object({
  protocol: Protocol.optional().describe("only the chains this protocol runs on here"),
});
export const SupportedChainInfo = z.object({ chains: z.array(V1Chain) }).meta({ id: "SupportedChainInfo" });

export const AllowanceQuery = z.object({
  chain: V1Chain.default("arbitrum"),
  user: Address.describe("the token holder").default(EXAMPLE_USER),
  token: TokenRef("the symbol or address of the token").default("USDC"),
  contract: ContractRef,
});
export const AllowanceInfoResponse = z
  .object({
    amount: z.string().describe("what the contract may spend, in human units"),
    decimals: z.int(),
    token_symbol: z.string(),
    token_address: z.string(),
    contract_address: z.string().describe("the spender the name resolved to"),
  })
  .meta({ id: "AllowanceInfoResponse" });

export const SetAllowanceRequest = v1Write("SET_ALLOWANCE", {
  token: TokenRef("the symbol or address of the token"),
  contract: ContractRef,
  amount: amountUnion({
    description: "the allowance, in human units (0 revokes it)",
    example: "1.5",
    positive: false,
  }),
}).meta({ id: "SetAllowanceRequest" });

export const WrapEthRequest = v1Write("WRAP_ETH", {
  amount: amountUnion({ description: "ETH to wrap into WETH", example: "1.5" }),
}).meta({ id: "WrapEthRequest" });
export const UnwrapWethRequest = v1Write("UNWRAP_WETH", {
  amount: amountUnion({ description: "WETH to unwrap into ETH", example: "1.5" }),
}).meta({ id: "UnwrapWethRequest" });

export const EnsQuery = z.object({
  chain: EthereumChain.default("ethereum"),
  ens_name: z
    .string()
    .trim()
    .min(3)
    .max(255)
    .describe("an ENS name, e.g. vitalik.eth")
    .default("vitalik.eth"),
});
export const EnsNameInfoResponse = z
  .object({
    wallet_address: z.string().describe("the address the name's resolver gives for it"),
    registrant: z.string().describe("the name's owner in the ENS registry"),
  })
  .meta({ id: "EnsNameInfoResponse" });
