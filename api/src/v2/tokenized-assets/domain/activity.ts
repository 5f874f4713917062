import { type Address, formatUnits } from "viem";
import { formatDecimal, parseDecimal } from "../../../kernel/lib/format.ts";
import type { Holdings, TransferLog } from "./holdings.ts";
import type { KnownToken } from "./tokens.ts";

export interface ActivityEvent {
  event_type: "buy" | "sell" | "transfer_in" | "transfer_out";
  block_number: number;
  block_timestamp: string;
  transaction_hash: string;
  input_amount: string | null;
  input_symbol: string | null;
  output_amount: string | null;
  output_symbol: string | null;
  cost_per_unit: string | null;
  realized_pnl: string | null;
}

/** Average-cost ledger of one asset, in USD with 18 decimals. */
export interface Ledger {
  events: ActivityEvent[];
  /** USD paid for every unit bought */
  deposited: bigint;
  /** cost of the units still held */
  costBasis: bigint;
  realized: bigint;
  /** some units arrived by plain transfer: their cost is unknown, so PnL is too */
  fundedOutside: boolean;
  /** some units left in a vault redemption request, paid later by the vault's manager: PnL is unknown here */
  proceedsElsewhere: boolean;
}

const usd = (raw: bigint) => formatDecimal(raw, 18, 6);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function groupByTx(logs: TransferLog[]): TransferLog[][] {
  const groups = new Map<string, TransferLog[]>();
  for (const log of logs) {
    const group = groups.get(log.transactionHash!) ?? [];
    group.push(log);
    groups.set(log.transactionHash!, group);
  }
  return [...groups.values()];
}

/**
 * The asset's activity in the account, classified from on-chain transfers: a transaction where the
 * asset comes in and USDC goes out is a buy, the reverse a sell (net of a fee paid in it), anything else
 * a transfer. Fund shares are minted and redeemed by the issuer in separate transactions, so their USDC
 * legs come from the issuer's order records.
 */
export function assetLedger(h: Holdings, asset: KnownToken, usdc: KnownToken): Ledger {
  const ledger: Ledger = {
    events: [],
    deposited: 0n,
    costBasis: 0n,
    realized: 0n,
    fundedOutside: false,
    proceedsElsewhere: false,
  };
  // USDC has 6 decimals on most chains and 18 on bsc (Binance's peg)
  const usdcTo18 = 10n ** BigInt(18 - usdc.decimals);
  let quantity = 0n;
  const fund = h.funds.find((f) => same(f.token_address, asset.address));
  const sum = (legs: TransferLog[], token: Address, dir: "in" | "out") =>
    legs
      .filter((l) => same(l.address, token) && same(dir === "in" ? l.args.to : l.args.from, h.account))
      .reduce((s, l) => s + l.args.value, 0n);
  for (const legs of groupByTx(h.logs)) {
    const assetIn = sum(legs, asset.address, "in");
    const assetOut = sum(legs, asset.address, "out");
    if (!assetIn && !assetOut) continue;
    const usdcNet = sum(legs, usdc.address, "in") - sum(legs, usdc.address, "out");
    const first = legs[0]!;
    const hash = first.transactionHash!;
    const minted = fund && legs.some((l) => same(l.address, asset.address) && BigInt(l.args.from) === 0n);
    const redeemed =
      fund && legs.some((l) => same(l.address, asset.address) && same(l.args.to, fund.redemption_address));
    // a redemption request: the asset goes into escrow at its issuer (a managed vault holds its own shares, a
    // Midas redemption vault or a Centrifuge vault takes the tokens) and is paid for later
    const requested = legs.some(
      (l) =>
        same(l.address, asset.address) &&
        same(l.args.from, h.account) &&
        (same(l.args.to, asset.address) || h.escrows.has(l.args.to.toLowerCase())),
    );
    const order =
      fund &&
      h.orders.find((o) => same(minted ? (o.settlement_transaction_hash ?? "") : o.transaction_hash, hash));
    let paid: bigint | null = null; // USDC (6 dp) for the asset, in or out
    if (assetIn && usdcNet < 0n) paid = -usdcNet;
    else if (assetOut && usdcNet > 0n) paid = usdcNet;
    else if ((minted || redeemed) && order?.usdc_amount)
      paid = parseDecimal(order.usdc_amount, usdc.decimals);
    const buying = assetIn > 0n && (paid !== null || minted);
    const selling = assetOut > 0n && (paid !== null || redeemed || requested);
    if (requested && paid === null) ledger.proceedsElsewhere = true;
    const event: ActivityEvent = {
      event_type: buying ? "buy" : selling ? "sell" : assetIn ? "transfer_in" : "transfer_out",
      block_number: Number(first.blockNumber),
      block_timestamp: new Date(h.times.get(first.blockNumber!)! * 1000).toISOString(),
      transaction_hash: hash,
      input_amount: null,
      input_symbol: null,
      output_amount: null,
      output_symbol: null,
      cost_per_unit: null,
      realized_pnl: null,
    };
    const scale = 10n ** BigInt(asset.decimals);
    if (assetIn) {
      quantity += assetIn;
      Object.assign(event, {
        output_amount: formatUnits(assetIn, asset.decimals),
        output_symbol: asset.symbol,
      });
      if (buying && paid !== null) {
        const cost = paid * usdcTo18;
        ledger.deposited += cost;
        ledger.costBasis += cost;
        Object.assign(event, {
          input_amount: formatUnits(paid, usdc.decimals),
          input_symbol: "USDC",
          cost_per_unit: formatDecimal((cost * scale) / assetIn, 18, 8),
        });
      } else ledger.fundedOutside = true;
    } else {
      const basis = quantity > 0n ? (ledger.costBasis * assetOut) / quantity : 0n;
      quantity -= assetOut;
      ledger.costBasis -= basis;
      Object.assign(event, {
        input_amount: formatUnits(assetOut, asset.decimals),
        input_symbol: asset.symbol,
      });
      if (selling && paid !== null) {
        const pnl = paid * usdcTo18 - basis;
        ledger.realized += pnl;
        Object.assign(event, {
          output_amount: formatUnits(paid, usdc.decimals),
          output_symbol: "USDC",
          realized_pnl: usd(pnl),
        });
      } else if (selling) Object.assign(event, { output_symbol: "USDC" });
    }
    ledger.events.push(event);
  }
  return ledger;
}

export function pnlOf(ledger: Ledger, currentValue: bigint | null) {
  if (ledger.fundedOutside || ledger.proceedsElsewhere || currentValue === null) return null;
  const unrealized = currentValue - ledger.costBasis;
  const total = unrealized + ledger.realized;
  return {
    total_deposited: usd(ledger.deposited),
    current_value: usd(currentValue),
    unrealized_pnl: usd(unrealized),
    realized_pnl: usd(ledger.realized),
    total_pnl: usd(total),
    total_pnl_percent: ledger.deposited
      ? formatDecimal((total * 100n * 10n ** 18n) / ledger.deposited, 18, 4)
      : "0",
  };
}
