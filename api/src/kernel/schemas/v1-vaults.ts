/**
 * The v1 ERC-4626 wire (spec v1-capabilities.md §6), shared by the groups that read or use a vault as any vault:
 * the vaults group, Morpho (MetaMorpho vaults) and Ethena (sUSDe). Any vault by address, read at any block, and the
 * answer built from what was read; deposits and withdrawals the sender signs. Amounts in responses are decimal
 * strings in human units.
 */
import { formatUnits, getAddress } from "viem";
import { z } from "zod";
import type { Erc20 } from "../chain/erc20.ts";
import type { Context } from "../context.ts";
import type { Loc } from "../errors.ts";
import { Address, amountUnion, type ChainName } from "./common.ts";
import { V1Chain, v1Block, v1Write } from "./v1.ts";

/** The reference's example vault (its docs and clients default to it). */
const EXAMPLE_VAULT = "0x182863131F9a4630fF9E27830d945B1413e347E8";

export const VaultQuery = (chain: "ethereum") =>
  z.object({
    chain: V1Chain.default(chain),
    block: v1Block(),
    vault_address: Address.describe("the ERC-4626 vault to read").default(EXAMPLE_VAULT),
    user_address: Address.nullish().describe("include this wallet's position in the vault"),
  });

export const VaultGetVaultResponse = z
  .object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.int().describe("the share token's decimals"),
    total_assets: z.string().describe("assets the vault holds, in the underlying token"),
    total_supply: z.string().describe("shares issued"),
    share_price: z.string().describe("underlying tokens one share redeems for"),
    underlying_token: z
      .object({ address: z.string(), name: z.string(), symbol: z.string(), decimals: z.int() })
      .meta({ id: "UnderlyingToken" }),
    apy: z
      .object({
        current: z.string().describe("percent a year, from the share price over the last hour"),
        apy_1_day: z.string().describe("percent a year, from the share price over the last day"),
        apy_7_day: z.string().describe("percent a year, over the last 7 days"),
        apy_30_day: z.string().describe("percent a year, over the last 30 days"),
      })
      .meta({
        id: "Apy",
        description:
          "annualised, compounded growth of the share price up to the block read; a vault younger than a window is measured over its life",
      }),
    user_position: z
      .object({
        amount_of_shares: z.string(),
        amount_in_underlying_token: z.string().describe("what the shares redeem for at the block read"),
      })
      .nullable()
      .optional()
      .meta({ id: "VaultUserPosition" }),
  })
  .meta({ id: "VaultGetVaultResponse" });

const receiver = Address.nullish().describe("who receives the shares or tokens (default: sender)");

export const VaultDepositRequest = v1Write("VAULT_DEPOSIT", {
  vault_address: Address.describe("the ERC-4626 vault to deposit into"),
  amount: amountUnion({ description: "underlying tokens to deposit, in human units", example: "1.5" }),
  receiver,
}).meta({ id: "VaultDepositRequest" });

export const VaultWithdrawRequest = v1Write("VAULT_WITHDRAW", {
  vault_address: Address.describe("the ERC-4626 vault to withdraw from"),
  amount: z
    .union([z.literal("ALL"), amountUnion({ description: "underlying tokens to withdraw", example: "1.5" })])
    .describe('underlying tokens to withdraw in human units, or "ALL": every share redeemed'),
  receiver,
}).meta({ id: "VaultWithdrawRequest" });

const HOUR = 3600n;
const DAY = 24n * HOUR;
/** the APY windows of `VaultGetVaultResponse`, each the share price's growth up to the block read */
export const VAULT_APY_WINDOWS = {
  current: HOUR,
  apy_1_day: DAY,
  apy_7_day: 7n * DAY,
  apy_30_day: 30n * DAY,
} as const;

/** `VaultGetVaultResponse` from a vault read at a block (raw units; APYs in percent over `VAULT_APY_WINDOWS`). */
export function vaultResponse(v: {
  vault: { name: string; symbol: string; decimals: number; asset: Erc20 };
  assetName: string;
  totalAssets: bigint;
  totalSupply: bigint;
  sharePrice: bigint;
  apys: Partial<Record<keyof typeof VAULT_APY_WINDOWS, string>>;
  user: { shares: bigint; assets: bigint } | null;
}) {
  const { vault, apys } = v;
  const assets = (raw: bigint) => formatUnits(raw, vault.asset.decimals);
  return {
    name: vault.name,
    symbol: vault.symbol,
    decimals: vault.decimals,
    total_assets: assets(v.totalAssets),
    total_supply: formatUnits(v.totalSupply, vault.decimals),
    share_price: assets(v.sharePrice),
    underlying_token: {
      address: vault.asset.address,
      name: v.assetName,
      symbol: vault.asset.symbol,
      decimals: vault.asset.decimals,
    },
    // a window the vault has no event before or in: no price to measure from
    apy: {
      current: apys.current ?? "0",
      apy_1_day: apys.apy_1_day ?? "0",
      apy_7_day: apys.apy_7_day ?? "0",
      apy_30_day: apys.apy_30_day ?? "0",
    },
    ...(v.user
      ? {
          user_position: {
            amount_of_shares: formatUnits(v.user.shares, vault.decimals),
            amount_in_underlying_token: assets(v.user.assets),
          },
        }
      : {}),
  };
}

/** A vault read as a `VaultQuery` asks it: the vault, the block, the user, the windows, where each field is. */
export const vaultReadOf = (
  query: { chain: ChainName; vault_address: string; user_address?: string | null; block?: number },
  ctx: Context,
) => ({
  client: ctx.services.chains.get(query.chain, ["query", "chain"]),
  chain: query.chain,
  logs: ctx.services.chains.logs,
  lookback: BigInt(ctx.config.logs.maxRange),
  vault: query.vault_address,
  block: query.block,
  user: query.user_address ? getAddress(query.user_address) : null,
  windows: VAULT_APY_WINDOWS,
  loc: { vault: ["query", "vault_address"], block: ["query", "block"] } as { vault: Loc; block: Loc },
});

/** A v1 vault write's fields: the vault named (`vault_address`), or given by the group (sUSDS, sUSDe). */
export interface VaultWriteBody {
  chain: ChainName;
  vault_address: string;
  sender: string;
  receiver?: string | null;
  amount: string;
  estimate_gas: boolean;
}

/** A vault write as a v1 body asks it. */
export const vaultWriteOf = (body: VaultWriteBody, ctx: Context) => ({
  client: ctx.services.chains.get(body.chain, ["body", "chain"]),
  chain: body.chain,
  vault: body.vault_address,
  sender: body.sender,
  receiver: body.receiver,
  amount: body.amount,
  estimateGas: body.estimate_gas,
  loc: { vault: ["body", "vault_address"], amount: ["body", "amount"] } as { vault: Loc; amount: Loc },
});
