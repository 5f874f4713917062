import type { Address, Log, PublicClient } from "viem";
import { blockAtOrBefore, trailingGrowthPercent } from "../../kernel/chain/history.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";
import { UpstreamError } from "../../kernel/errors.ts";
import { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT } from "./events.ts";
import type { Vault } from "./vault.ts";

const DAY = 86_400n;

/** Assets per whole share at each Deposit/Withdraw of the vault since `fromBlock`, with its time. */
async function sharePrices(client: PublicClient, logs: LogReader, vault: Vault, fromBlock: bigint) {
  const events = (
    await Promise.all(
      [VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT].map((event) =>
        logs.getLogs(client, { address: vault.address, event, fromBlock }),
      ),
    )
  ).flat() as (Log & { args: { assets: bigint; shares: bigint } })[];
  const times = await blockTimes(client, events);
  const unit = 10n ** BigInt(vault.decimals);
  return events
    .filter((e) => e.args.shares > 0n)
    .map((e) => ({
      block: e.blockNumber!,
      t: BigInt(times.get(e.blockNumber!)!),
      price: (e.args.assets * unit) / e.args.shares,
    }))
    .sort((a, b) => Number(a.t - b.t));
}

/** the earn reads' windows: 7, 30 and 90 days */
const EARN_WINDOWS = { apy_7d: 7n * DAY, apy_30d: 30n * DAY, apy_90d: 90n * DAY };

/**
 * APYs of a vault from its share price over trailing windows (by default 7, 30 and 90 days): `priceNow` (assets
 * per whole share at `head`) against the price its last Deposit/Withdraw at or before each window's start shows
 * (or, for a vault younger than the window, its first event's), annualised over the time since that event.
 * Events, not state at past blocks: any node serves them, an archive node or not. A window without events is
 * absent.
 */
export async function trailingApys<K extends string = keyof typeof EARN_WINDOWS>(input: {
  client: PublicClient;
  logs: LogReader;
  vault: Vault;
  priceNow: bigint;
  head: { number: bigint; timestamp: bigint };
  /** blocks read before the longest window's start to find the price in force then */
  lookback: bigint;
  /** window name → seconds */
  windows?: Record<K, bigint>;
}): Promise<Partial<Record<K, string>>> {
  const { head } = input;
  const windows = (input.windows ?? EARN_WINDOWS) as Record<K, bigint>;
  const longest = Object.values<bigint>(windows).reduce((a, b) => (a > b ? a : b), 0n);
  const first = await blockAtOrBefore(input.client, head.timestamp - longest, head);
  const from = first.number > input.lookback ? first.number - input.lookback : 0n;
  const read = async (fromBlock: bigint) =>
    (await sharePrices(input.client, input.logs, input.vault, fromBlock)).filter(
      (p) => p.block <= head.number,
    );
  let prices = await read(from);
  // no observation at or before the longest window's start within the lookback: the price in force then is
  // older, so read from the vault's deployment (once; final pages are kept) rather than measure from whatever
  // came after the start — a deposit a minute ago would make the month's growth a minute's. A history too long
  // for the log reader's page budget keeps what the lookback found.
  // (a vault deployed at or after `from` has no older history to read)
  const deployed = input.logs.knownDeployment(input.client, input.vault.address);
  if (
    from > 0n &&
    (deployed === undefined || deployed < from) &&
    !prices.some((p) => p.t <= head.timestamp - longest)
  )
    prices = await read(0n).catch((error) => {
      if (error instanceof UpstreamError) return prices;
      throw error;
    });
  const apy = (seconds: bigint) =>
    trailingGrowthPercent(prices, input.priceNow, head.timestamp, seconds)?.toFixed(4);
  return Object.fromEntries(
    Object.entries<bigint>(windows).map(([k, seconds]) => [k, apy(seconds)]),
  ) as Partial<Record<K, string>>;
}

const cache = new Map<string, { apy_7d?: string; apy_30d?: string; apy_90d?: string }>();

type EarnApys = { apy_7d?: string; apy_30d?: string; apy_90d?: string };

/**
 * trailingApysAt for many vaults at the same head, in one go: every vault's Deposit and Withdraw events in one read
 * per event (all the vaults' addresses in it), and one more for the vaults without an observation before the longest
 * window that are older than the lookback. The same figures, kept in the same cache.
 */
export async function trailingApysMany(input: {
  client: PublicClient;
  logs: LogReader;
  vaults: readonly Vault[];
  /** each vault's share price at `head`, in the same order (or the read of them in flight) */
  pricesNow: readonly bigint[] | Promise<readonly bigint[]>;
  head: { number: bigint; timestamp: bigint };
  lookback: bigint;
}): Promise<EarnApys[]> {
  const { client, logs, vaults, head } = input;
  const windows = EARN_WINDOWS;
  const longest = windows.apy_90d;
  const first = await blockAtOrBefore(client, head.timestamp - longest, head);
  const from = first.number > input.lookback ? first.number - input.lookback : 0n;
  const observe = async (addresses: Address[], fromBlock: bigint) => {
    const byVault = new Map<string, { block: bigint; t: bigint; price: bigint }[]>();
    if (!addresses.length) return byVault;
    const events = (
      await Promise.all(
        [VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT].map((event) =>
          logs.getLogs(client, { address: addresses, event, fromBlock }),
        ),
      )
    ).flat() as (Log & { args: { assets: bigint; shares: bigint } })[];
    const times = await blockTimes(client, events);
    const unitOf = new Map(vaults.map((v) => [v.address.toLowerCase(), 10n ** BigInt(v.decimals)]));
    for (const e of events) {
      if (e.args.shares <= 0n || e.blockNumber! > head.number) continue;
      const key = e.address.toLowerCase();
      const list = byVault.get(key) ?? [];
      byVault.set(key, list);
      list.push({
        block: e.blockNumber!,
        t: BigInt(times.get(e.blockNumber!)!),
        price: (e.args.assets * unitOf.get(key)!) / e.args.shares,
      });
    }
    for (const list of byVault.values()) list.sort((a, b) => Number(a.t - b.t));
    return byVault;
  };
  const recent = await observe(
    vaults.map((v) => v.address),
    from,
  );
  // no observation at or before the longest window's start within the lookback, for a vault older than it: the price
  // in force then is older (see trailingApys)
  const older = vaults.filter((v) => {
    const deployed = logs.knownDeployment(client, v.address);
    return (
      from > 0n &&
      (deployed === undefined || deployed < from) &&
      !(recent.get(v.address.toLowerCase()) ?? []).some((p) => p.t <= head.timestamp - longest)
    );
  });
  const whole = await observe(
    older.map((v) => v.address),
    0n,
  ).catch((error) => {
    if (error instanceof UpstreamError) return new Map<string, never[]>();
    throw error;
  });
  const pricesNow = await input.pricesNow;
  return vaults.map((v, i) => {
    const key = v.address.toLowerCase();
    const prices = whole.get(key) ?? recent.get(key) ?? [];
    const priceNow = pricesNow[i]!;
    const apys = Object.fromEntries(
      Object.entries<bigint>(windows).map(([k, seconds]) => [
        k,
        trailingGrowthPercent(prices, priceNow, head.timestamp, seconds)?.toFixed(4),
      ]),
    ) as EarnApys;
    if (cache.size > 5_000) cache.clear();
    cache.set(`${client.chain?.id}|${v.address}|${head.number}|${priceNow}`, apys);
    return apys;
  });
}

/**
 * trailingApys as of block `head` (a number, or the block when the caller has read it), kept per vault and
 * block: every read at the same head — the positions and the list alike — costs no further RPC call.
 */
export async function trailingApysAt(
  input: Omit<Parameters<typeof trailingApys>[0], "head"> & {
    head: bigint | { number: bigint; timestamp: bigint };
  },
) {
  const number = typeof input.head === "bigint" ? input.head : input.head.number;
  const key = `${input.client.chain?.id}|${input.vault.address}|${number}|${input.priceNow}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const head =
    typeof input.head === "bigint" ? await input.client.getBlock({ blockNumber: input.head }) : input.head;
  const apys = await trailingApys({ ...input, head });
  if (cache.size > 5_000) cache.clear();
  cache.set(key, apys);
  return apys;
}
