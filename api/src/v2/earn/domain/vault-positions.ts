import { type Address, formatUnits, type Log, type PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { RequestValidationError } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  readVault,
  trailingApysAt,
  type VaultFlow,
  vaultAbi,
  vaultFlows,
} from "../../../protocols/erc4626/index.ts";
import { readAccountEvents } from "./events.ts";

/** FIFO lots of shares with the assets they cost; what a withdrawal of shares realises. */
export class CostBasis {
  private lots: { shares: bigint; cost: bigint }[] = [];
  deposited = 0n;
  realized = 0n;

  deposit(assets: bigint, shares: bigint): void {
    this.deposited += assets;
    if (shares > 0n) this.lots.push({ shares, cost: assets });
  }

  /** The cost of `shares` taken first-in first-out (without consuming them). */
  costOf(shares: bigint): bigint {
    let left = shares;
    let cost = 0n;
    for (const lot of this.lots) {
      if (left === 0n) break;
      const take = left < lot.shares ? left : lot.shares;
      cost += (lot.cost * take) / lot.shares;
      left -= take;
    }
    return cost;
  }

  /** Consumes `shares` paid out as `assets`; returns the profit (or loss) realised. */
  withdraw(assets: bigint, shares: bigint): bigint {
    const cost = this.costOf(shares);
    let left = shares;
    while (left > 0n && this.lots.length) {
      const lot = this.lots[0]!;
      if (left >= lot.shares) {
        left -= lot.shares;
        this.lots.shift();
      } else {
        const part = (lot.cost * left) / lot.shares;
        lot.cost -= part;
        lot.shares -= left;
        left = 0n;
      }
    }
    const pnl = assets - cost;
    this.realized += pnl;
    return pnl;
  }

  get openCost(): bigint {
    return this.lots.reduce((sum, lot) => sum + lot.cost, 0n);
  }
}

/**
 * Every ERC-4626 Deposit and Withdraw whose `owner` is the account, at any vault (the account's events).
 */
export async function readVaultFlows(
  client: PublicClient,
  logs: LogReader,
  account: Address,
  complete = false,
): Promise<VaultFlow[]> {
  const events = await readAccountEvents(client, logs, account, complete);
  return vaultFlows(events.vaultDeposits, events.vaultWithdrawals);
}

const human = (raw: bigint, decimals: number) => formatUnits(raw, decimals);
const iso = (t: number) => new Date(t * 1000).toISOString();
/** a ratio of two raw amounts as a decimal string with 18 places of precision, trimmed */
const ratio = (num: bigint, numDecimals: number, den: bigint, denDecimals: number) =>
  den === 0n
    ? "0"
    : formatUnits((num * 10n ** BigInt(18 + denDecimals)) / (den * 10n ** BigInt(numDecimals)), 18);

/** USD value of `raw` at `price` (USD per whole token, 18 decimals), to the cent; null when unpriced. */
export const usdValue = (raw: bigint, decimals: number, price: bigint | null) =>
  price === null ? null : formatDecimal((raw * price) / 10n ** BigInt(decimals), 18, 2);

/**
 * Deposits, withdrawals and PnL (spec A1) of one position from its flows in chain order: `amount` in the
 * asset, `units` what the position counts (vault shares, scaled aTokens; FIFO lots of them), `current` what
 * the position is worth now in the asset.
 */
export function fifoHistory(
  flows: {
    kind: "deposit" | "withdrawal";
    amount: bigint;
    units: bigint;
    blockNumber: bigint;
    time: number;
    transactionHash: `0x${string}`;
    /** what the event shows on the asset side when it is not the cost itself (Pendle: the token traded) */
    leg?: { amount: bigint; symbol: string; decimals: number };
  }[],
  asset: { symbol: string; decimals: number },
  unit: { symbol: string; decimals: number; shown?: (f: { amount: bigint; units: bigint }) => bigint },
  current: bigint,
  /** withdrawals carry `cost_per_unit` too (the leg paid per unit sold), as Pendle's events do */
  withdrawalPrice = false,
) {
  const basis = new CostBasis();
  const deposits = [];
  const withdrawals = [];
  const shown = unit.shown ?? ((f) => f.units);
  for (const f of flows) {
    const at = {
      block_number: Number(f.blockNumber),
      block_timestamp: iso(f.time),
      transaction_hash: f.transactionHash,
    };
    const leg = f.leg ?? { amount: f.amount, ...asset };
    if (f.kind === "deposit") {
      basis.deposit(f.amount, f.units);
      deposits.push({
        ...at,
        input_amount: human(leg.amount, leg.decimals),
        input_symbol: leg.symbol,
        output_amount: human(shown(f), unit.decimals),
        output_symbol: unit.symbol,
        cost_per_unit: ratio(leg.amount, leg.decimals, shown(f), unit.decimals),
      });
    } else {
      const pnl = basis.withdraw(f.amount, f.units);
      withdrawals.push({
        ...at,
        input_amount: human(shown(f), unit.decimals),
        input_symbol: unit.symbol,
        output_amount: human(leg.amount, leg.decimals),
        output_symbol: leg.symbol,
        realized_pnl: human(pnl, asset.decimals),
        ...(withdrawalPrice
          ? { cost_per_unit: ratio(leg.amount, leg.decimals, shown(f), unit.decimals) }
          : {}),
      });
    }
  }
  const dec = asset.decimals;
  const unrealized = current - basis.openCost;
  const total = unrealized + basis.realized;
  return {
    pnl: {
      total_deposited: human(basis.deposited, dec),
      current_value: human(current, dec),
      unrealized_pnl: human(unrealized, dec),
      realized_pnl: human(basis.realized, dec),
      total_pnl: human(total, dec),
      total_pnl_percent:
        basis.deposited === 0n ? "0" : formatDecimal((total * 10n ** 20n) / basis.deposited, 18, 4),
    },
    deposits,
    withdrawals,
  };
}

/** The account's position at each vault it ever used (spec A1 VaultPosition), with FIFO PnL. */
export async function readVaultPositions(input: VaultPositionsInput) {
  const first = await vaultPositionStates(input, false);
  // shares the account's events do not account for: read the withdrawals it paid to others too
  return first.some((v) => v !== null && v.shares !== v.held)
    ? (await vaultPositionStates(input, true)).filter((v) => v !== null).map(vaultPosition)
    : first.filter((v) => v !== null).map(vaultPosition);
}

interface VaultPositionsInput {
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
  price: (token: Address) => Promise<bigint | null>;
  /** blocks read before a trailing window's start to find the share price then */
  lookback: bigint;
  /** resolves once every protocol's events are read, so all positions' reads leave in one multicall */
  ready?: Promise<unknown>;
}

async function vaultPositionStates(input: VaultPositionsInput, complete: boolean) {
  const { client, account } = input;
  const [flows, { head }] = await Promise.all([
    readVaultFlows(client, input.logs, account, complete),
    readAccountEvents(client, input.logs, account, complete),
    input.ready,
  ]);
  const addresses = [...new Set(flows.map((f) => f.vault))];
  const view = (address: Address, functionName: "balanceOf" | "convertToAssets", arg: bigint | Address) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address,
      abi: vaultAbi,
      functionName,
      args: [arg],
    } as never) as Promise<bigint>;
  // vaults read before are kept, so every read below leaves in one multicall
  const [vaults, times] = await Promise.all([
    Promise.all(
      addresses.map(async (address) => {
        // a contract that emitted the events but is no ERC-4626 vault is not a position
        const vault = await readVault(client, input.chain, address, ["vault"]).catch((error) => {
          if (error instanceof RequestValidationError) return null;
          throw error;
        });
        if (!vault) return null;
        // the shares the account's own events leave it with: its balance unless shares moved otherwise
        const held = flows
          .filter((f) => f.vault === address)
          .reduce((sum, f) => (f.kind === "deposit" ? sum + f.shares : sum - f.shares), 0n);
        const [shares, heldValue, priceNow, price] = await Promise.all([
          view(address, "balanceOf", account),
          held > 0n ? view(address, "convertToAssets", held) : 0n,
          view(address, "convertToAssets", 10n ** BigInt(vault.decimals)),
          input.price(vault.asset.address),
        ]);
        const balance =
          shares === held ? heldValue : shares > 0n ? await view(address, "convertToAssets", shares) : 0n;
        const apys = await trailingApysAt({
          client,
          logs: input.logs,
          vault,
          priceNow,
          head,
          lookback: input.lookback,
        });
        return { vault, shares, held, balance, apys, price };
      }),
    ),
    blockTimes(client, flows as unknown as Log[]),
  ]);
  return vaults.map((v) =>
    v ? { ...v, flows: flows.filter((f) => f.vault === v.vault.address), times } : null,
  );
}

function vaultPosition(state: NonNullable<Awaited<ReturnType<typeof vaultPositionStates>>[number]>) {
  const { vault, balance, apys, price, flows, times } = state;
  const dec = vault.asset.decimals;
  const history = fifoHistory(
    flows.map((f) => ({ ...f, amount: f.assets, units: f.shares, time: times.get(f.blockNumber)! })),
    { symbol: vault.asset.symbol, decimals: dec },
    { symbol: vault.symbol, decimals: vault.decimals },
    balance,
  );
  return {
    type: "VAULT" as const,
    vault_address: vault.address,
    vault_name: vault.name,
    underlying_symbol: vault.asset.symbol,
    underlying_address: vault.asset.address,
    balance: human(balance, dec),
    usd_value: usdValue(balance, dec, price),
    ...history,
    ...apys,
  };
}
