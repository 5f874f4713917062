import { type Address, encodeFunctionData, erc20Abi, formatUnits, type PublicClient } from "viem";
import { rethrowRpc } from "../../chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../chain/erc20.ts";
import type { LogReader } from "../../chain/log-reader.ts";
import { NEXT_BLOCK } from "../../chain/next-block.ts";
import type { Config } from "../../config/env.ts";
import { fieldError, type Loc } from "../../errors.ts";
import { toRawAmount } from "../../lib/amounts.ts";
import { parseUnitsExact } from "../../lib/decimal.ts";
import type { AccountCall } from "../../product-accounts/index.ts";
import type { ChainName } from "../../schemas/common.ts";
import {
  aaveCalls,
  assertReserveOpen,
  readAaveFlows,
  readAaveReserveOrThrow,
  requireAaveMarket,
  scaledOf,
} from "./aave.ts";
import { readVault, vaultAbi, vaultCalls } from "./vault.ts";
import { CostBasis, readVaultFlows } from "./vault-positions.ts";

export type ManageVenue =
  | { type: "VAULT"; vault_address: string }
  | { type: "AAVE"; token: string }
  | {
      type: "PENDLE_PT";
      market_address: string;
      token?: string | null;
      max_slippage_percent?: string | null;
    };

export interface ManageFee {
  recipient: Address;
  amount: string;
  denomination: "PERCENTAGE" | "FIXED" | "PERFORMANCE";
}

export interface ManageInput {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
  venue: ManageVenue;
  action: "DEPOSIT" | "WITHDRAW";
  amount: string;
  fee?: ManageFee | null;
  /** where the request's fields are (["body"] for /manage, ["body", "actions", i, "body"] in a bundle) */
  loc: Loc;
  /**
   * check the account already holds what a deposit spends (a standalone /manage); a bundle's earlier
   * actions may bring it, so there the simulation of the whole bundle decides
   */
  checkBalance: boolean;
}

const PERCENT = 10n ** 18n;

/** A percent given as a decimal string, as an 18-decimal fixed-point fraction of 100. */
function percent(text: string, loc: Loc): bigint {
  const raw = parseUnitsExact(text, 18);
  if (raw === null) throw fieldError(loc, "at most 18 decimal places");
  if (raw > 100n * PERCENT) throw fieldError(loc, "a percentage is at most 100");
  return raw;
}

interface ManagedVenue {
  /** what the amount and the fee are counted in */
  asset: Erc20;
  /** the calls moving `amount` of the asset in or out */
  calls(amount: bigint): Promise<AccountCall[]>;
  /** what withdrawing `amount` now would realise against the FIFO cost of what it takes out */
  withdrawalProfit(amount: bigint): Promise<bigint>;
}

async function managedVenue(input: ManageInput): Promise<ManagedVenue> {
  const { venue, loc } = input;
  if (venue.type === "VAULT") {
    const vault = await readVault(input.client, input.chain, venue.vault_address, [
      ...loc,
      "venue",
      "vault_address",
    ]);
    return {
      asset: vault.asset,
      calls: (amount) => vaultCalls({ ...input, vault, amount, loc: [...loc, "amount"] }),
      withdrawalProfit: (amount) => vaultWithdrawalProfit(input, vault.address, amount),
    };
  }
  if (venue.type === "AAVE") {
    const market = requireAaveMarket(input.config, input.chain, [...loc, "venue", "type"]);
    const tokenLoc = [...loc, "venue", "token"];
    const asset = await resolveErc20(input.config, input.client, input.chain, venue.token, tokenLoc);
    const reserve = await readAaveReserveOrThrow(input.client, input.chain, market, asset, tokenLoc);
    assertReserveOpen(reserve, input.action, tokenLoc);
    return {
      asset,
      calls: (amount) => aaveCalls({ ...input, market, reserve, amount, loc: [...loc, "amount"], tokenLoc }),
      withdrawalProfit: async (amount) => {
        const flows = await readAaveFlows(input.client, input.logs, market, input.account).catch((e) =>
          rethrowRpc(input.chain, e),
        );
        const basis = new CostBasis();
        for (const f of flows.filter((x) => x.reserve === asset.address))
          if (f.kind === "deposit") basis.deposit(f.amount, f.scaled);
          else basis.withdraw(f.amount, f.scaled);
        return amount - basis.costOf(scaledOf(amount, reserve.normalizedIncome));
      },
    };
  }
  throw fieldError(
    [...loc, "venue", "type"],
    `${venue.type} is not available on ${input.chain} in this deployment (its contracts are not configured)`,
  );
}

/**
 * The account's calls for one earn action (spec A7), the fee included: a deposit pays the fee out of the
 * amount and deposits the rest; a withdrawal takes the amount out and pays the fee from it. PERFORMANCE is
 * a percent of the profit this withdrawal realises, against the FIFO cost of what it takes out (vault
 * shares, or Aave's scaled aToken units).
 */
export async function manageCalls(input: ManageInput): Promise<AccountCall[]> {
  const { loc } = input;
  const venue = await managedVenue(input);
  const asset = venue.asset;
  const amount = toRawAmount(input.amount, asset.decimals, [...loc, "amount"], asset.symbol);
  const fee = input.fee ? await feeAmount(input, venue, amount) : 0n;
  if (input.action === "DEPOSIT") {
    if (input.checkBalance) {
      const held = await balanceOf(input, asset.address);
      if (held < amount)
        throw fieldError(
          [...loc, "amount"],
          `the Earn Account holds ${formatUnits(held, asset.decimals)} ${asset.symbol}; transfer more in first`,
        );
    }
    if (fee >= amount) throw fieldError([...loc, "fee", "amount"], "the fee would take the whole amount");
    const calls = await venue.calls(amount - fee);
    return fee ? [transfer(asset, input.fee!.recipient, fee), ...calls] : calls;
  }
  const calls = await venue.calls(amount);
  return fee ? [...calls, transfer(asset, input.fee!.recipient, fee)] : calls;
}

const transfer = (token: Erc20, to: Address, amount: bigint): AccountCall => ({
  to: token.address,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
});

const balanceOf = (input: ManageInput, token: Address) =>
  input.client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [input.account],
    })
    .catch((e) => rethrowRpc(input.chain, e));

async function feeAmount(input: ManageInput, venue: ManagedVenue, amount: bigint): Promise<bigint> {
  const fee = input.fee!;
  const at = [...input.loc, "fee", "amount"];
  switch (fee.denomination) {
    case "FIXED":
      return toRawAmount(fee.amount, venue.asset.decimals, at, venue.asset.symbol);
    case "PERCENTAGE":
      return (amount * percent(fee.amount, at)) / (100n * PERCENT);
    case "PERFORMANCE": {
      if (input.action !== "WITHDRAW")
        throw fieldError([...input.loc, "fee", "denomination"], "PERFORMANCE fees apply to withdrawals only");
      const profit = await venue.withdrawalProfit(amount);
      return profit > 0n ? (profit * percent(fee.amount, at)) / (100n * PERCENT) : 0n;
    }
  }
}

/** What withdrawing `assets` now would realise: the assets less the FIFO cost of the shares it burns. */
async function vaultWithdrawalProfit(input: ManageInput, vault: Address, assets: bigint): Promise<bigint> {
  const [flows, shares] = await Promise.all([
    readVaultFlows(input.client, input.logs, input.account),
    input.client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault,
      abi: vaultAbi,
      functionName: "previewWithdraw",
      args: [assets],
    }),
  ]).catch((e) => rethrowRpc(input.chain, e));
  const basis = new CostBasis();
  for (const f of flows.filter((x) => x.vault === vault))
    if (f.kind === "deposit") basis.deposit(f.assets, f.shares);
    else basis.withdraw(f.assets, f.shares);
  return assets - basis.costOf(shares);
}
