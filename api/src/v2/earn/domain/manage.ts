import { type Abi, type Address, encodeFunctionData, erc20Abi, formatUnits, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { AccountCall, ActionEnvelope } from "../../../product-accounts/index.ts";
import {
  aaveSupplyCalls,
  aaveWithdrawCalls,
  assertAaveReserveOpen,
  readAaveReserveOrThrow,
  requireAaveMarket,
  scaledOf,
} from "../../../protocols/aave/index.ts";
import { readVault, vaultAbi, vaultCalls } from "../../../protocols/erc4626/index.ts";
import {
  buyPtCalls,
  explainPtSlippage,
  isExpired,
  pendleRouterErrorsAbi,
  quotePtBuy,
  quotePtSale,
  readPendleMarket,
  requirePendle,
  rethrowQuote,
  sellPtCalls,
} from "../../../protocols/pendle/index.ts";
import { readAaveFlows } from "./aave-positions.ts";
import { earnAccountAction } from "./account-action.ts";
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

/**
 * The errors an Earn Account action's simulation may need named that the ABIs of its calls do not carry: the
 * Pendle router's (from protocols/pendle).
 */
export const EARN_REVERT_ABIS: Abi[] = [pendleRouterErrorsAbi];

/**
 * POST /v2/earn/manage: the venue's calls (manageCalls, built from the protocols' call builders) as one action of
 * the owner's Earn Account, the account's balance checked once it is known to exist; a Pendle trade below the
 * slippage bound is a 422 on the venue's `max_slippage_percent`.
 */
export async function buildManage(
  input: Omit<ManageInput, "account" | "loc" | "checkBalance"> & { owner: Address; sponsored: boolean },
): Promise<ActionEnvelope> {
  const { client, chain, owner, sponsored } = input;
  const { built: _, ...envelope } = await earnAccountAction(
    { client, chain, owner, sponsored, abis: EARN_REVERT_ABIS },
    async (account, checkBalance) => ({
      calls: await manageCalls({ ...input, account, loc: ["body"], checkBalance }),
    }),
  ).catch((error) =>
    input.venue.type === "PENDLE_PT" ? explainPtSlippage(error, ["body", "venue"]) : Promise.reject(error),
  );
  return envelope;
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
    const reserve = await readAaveReserveOrThrow(input.client, market, asset, tokenLoc);
    const action = input.action === "DEPOSIT" ? "supply" : "withdraw";
    assertAaveReserveOpen(reserve, action, tokenLoc, "it accepts no new supply");
    return {
      asset,
      calls: async (amount) => {
        const to = { market, reserve, account: input.account, amount, loc: [...loc, "amount"] };
        return input.action === "DEPOSIT"
          ? aaveSupplyCalls(to)
          : aaveWithdrawCalls({
              ...to,
              client: input.client,
              holder: "the Earn Account",
              checkBalance: input.checkBalance,
            });
      },
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
  if (input.venue.type === "PENDLE_PT") return pendleCalls(input, input.venue);
  const venue = await managedVenue(input);
  const asset = venue.asset;
  const amount = toRawAmount(input.amount, asset.decimals, [...loc, "amount"], asset.symbol);
  const fee = input.fee ? await feeAmount(input, venue, amount) : 0n;
  if (input.action === "DEPOSIT") {
    if (input.checkBalance) await requireHeld(input, asset, amount);
    if (fee >= amount) throw fieldError([...loc, "fee", "amount"], "the fee would take the whole amount");
    const calls = await venue.calls(amount - fee);
    return fee ? [transfer(asset, input.fee!.recipient, fee), ...calls] : calls;
  }
  const calls = await venue.calls(amount);
  return fee ? [...calls, transfer(asset, input.fee!.recipient, fee)] : calls;
}

/** Slippage when `max_slippage_percent` is not given (percent), and the most accepted. */
const DEFAULT_PT_SLIPPAGE = "0.5";
const MAX_PT_SLIPPAGE = 50n;

/**
 * PT bought with `amount` of the venue's `token` (default: the market's asset; any token the SY mints from)
 * or `amount` PT sold for the asset — through Pendle's router, quoted first by its static router, the
 * minimum out the quote less `max_slippage_percent`. After expiry PT can no longer be bought and a sale is
 * a redemption at par. No fees (spec A7).
 */
async function pendleCalls(
  input: ManageInput,
  venue: Extract<ManageVenue, { type: "PENDLE_PT" }>,
): Promise<AccountCall[]> {
  const { loc, client, chain } = input;
  if (input.fee) throw fieldError([...loc, "fee"], "fees are not supported for PENDLE_PT");
  const pendle = requirePendle(input.config, chain, [...loc, "venue", "type"]);
  const marketLoc = [...loc, "venue", "market_address"];
  const market = await readPendleMarket(client, chain, pendle, venue.market_address, marketLoc);
  const slippageLoc = [...loc, "venue", "max_slippage_percent"];
  const slippage = percent(venue.max_slippage_percent ?? DEFAULT_PT_SLIPPAGE, slippageLoc) / 100n;
  if (slippage > (MAX_PT_SLIPPAGE * PERCENT) / 100n)
    throw fieldError(slippageLoc, `max_slippage_percent is at most ${MAX_PT_SLIPPAGE}`);
  const token = venue.token
    ? await resolveErc20(input.config, client, chain, venue.token, [...loc, "venue", "token"])
    : market.asset;
  const expiry = new Date(market.expiry * 1000).toISOString().slice(0, 10);
  // the market's expiry, the account's balance and the quote leave in one multicall
  if (input.action === "DEPOSIT") {
    if (!market.tokensIn.includes(token.address))
      throw fieldError(
        [...loc, "venue", "token"],
        `the market's SY (${market.sy.symbol}) does not mint from ${token.symbol}; it takes ${market.tokensIn.join(", ")}`,
      );
    const amount = toRawAmount(input.amount, token.decimals, [...loc, "amount"], token.symbol);
    const quote = quotePtBuy(client, pendle, market, token, amount, slippage);
    quote.catch(() => {}); // judged below, after the expiry
    const [expired] = await Promise.all([
      isExpired(client, market).catch((e) => rethrowRpc(chain, e)),
      input.checkBalance ? requireHeld(input, token, amount) : null,
    ]);
    if (expired)
      throw fieldError(
        marketLoc,
        `the market expired on ${expiry}: its PT can be sold (redeemed), not bought`,
      );
    return buyPtCalls({
      pendle,
      market,
      account: input.account,
      token,
      amount,
      slippage,
      quote: await quote.catch((e) => rethrowQuote(chain, e, [...loc, "amount"])),
    }).calls;
  }
  if (token.address !== market.asset.address)
    throw fieldError(
      [...loc, "venue", "token"],
      `withdrawals always pay the market's underlying (${market.asset.symbol}); token is for deposits`,
    );
  const amount = toRawAmount(input.amount, market.pt.decimals, [...loc, "amount"], market.pt.symbol);
  const quotes = quotePtSale(client, pendle, market, amount);
  // the swap quote reverts once expired, the redemption's is unused before: judged below
  for (const q of [quotes.swap, quotes.redeem]) q.catch(() => {});
  const [expired] = await Promise.all([
    isExpired(client, market).catch((e) => rethrowRpc(chain, e)),
    input.checkBalance ? requireHeld(input, market.pt, amount) : null,
  ]);
  const quoted = await (expired ? quotes.redeem : quotes.swap).catch((e) => rethrowRpc(chain, e));
  return sellPtCalls({ pendle, market, expired, account: input.account, amount, quoted, slippage }).calls;
}

async function requireHeld(input: ManageInput, token: Erc20, amount: bigint): Promise<void> {
  const held = await balanceOf(input, token.address);
  if (held < amount)
    throw fieldError(
      [...input.loc, "amount"],
      `the Earn Account holds ${formatUnits(held, token.decimals)} ${token.symbol}; transfer more in first`,
    );
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
    readVaultFlows(input.client, input.logs, input.account, true),
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
