import { type Address, formatUnits, getAddress, maxUint256, type PublicClient, zeroAddress } from "viem";
import { acrossServedChains, type ChainClients } from "../../../kernel/chain/clients.ts";
import { historyCompleteTo, noteHistory } from "../../../kernel/chain/freshness.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrices } from "../../../protocols/aave/index.ts";
import {
  readVault,
  readVaultStates,
  trailingApysMany,
  type Vault,
  type VaultState,
} from "../../../protocols/erc4626/index.ts";
import { eulerFactoryVaults, readEulers } from "../../../protocols/euler/index.ts";
import {
  factoryVaults,
  type MetaMorphoMarket,
  type MetaMorphoState,
  readMetaMorphos,
} from "../../../protocols/morpho/index.ts";

/**
 * The vaults a deployment lists (its address book's ERC-4626 entries: `Erc4626Vault*`, `MetaMorpho*`,
 * `EulerVault*`), each read from chain: TVL and liquidity priced by the market's on-chain oracle, the deposit
 * cap from `maxDeposit`, and trailing APYs from the vault's own share price — now against the price its
 * Deposit and Withdraw events show at the window's start (bounded event pages, no archive state).
 */

const VAULT_ENTRY = /^(Erc4626Vault|MetaMorpho|EulerVault)/;
/** a factory named after its vaults (`MetaMorphoFactory`, `EulerVaultFactory`) is no vault */
const FACTORY_NAME = /Factory/;
const _DAY = 86_400n;
const _ONE = 10n ** 18n;

export function listedVaults(config: Config, chain: ChainName): Address[] {
  const contracts = addressBook(config)?.chains[chain]?.contracts ?? {};
  return Object.entries(contracts)
    .filter(([name]) => VAULT_ENTRY.test(name) && !FACTORY_NAME.test(name))
    .map(([, address]) => getAddress(address));
}

/** The listed vaults and those the chain's MetaMorpho factories created, each once. */
export async function chainVaults(config: Config, client: PublicClient, logs: LogReader, chain: ChainName) {
  const [morpho, euler] = await Promise.all([
    factoryVaults(config, client, logs, chain),
    eulerFactoryVaults(config, client, logs, chain),
  ]);
  return [...new Set([...listedVaults(config, chain), ...morpho, ...euler])];
}

/** A MetaMorpho vault's market, as the vault list shows it. */
export interface MarketAllocation {
  market_id: `0x${string}`;
  loan_token: Address;
  loan_token_symbol?: string;
  collateral_token: Address;
  collateral_token_symbol?: string;
  lltv: string;
  supply_cap?: string;
  supply_assets?: string;
  allocation_pct?: number;
}

/** The vault's markets with the share of its supply in each (percent, two decimals; absent with none supplied). */
function allocations(markets: MetaMorphoMarket[]): MarketAllocation[] {
  const total = markets.reduce((sum, m) => sum + m.supplied, 0n);
  return markets.map((m) => ({
    market_id: m.id,
    loan_token: m.loanToken,
    ...(m.loanSymbol === undefined ? {} : { loan_token_symbol: m.loanSymbol }),
    collateral_token: m.collateralToken,
    ...(m.collateralSymbol === undefined ? {} : { collateral_token_symbol: m.collateralSymbol }),
    lltv: m.lltv.toString(),
    supply_cap: m.cap.toString(),
    supply_assets: m.supplied.toString(),
    // basis points, then percent with two decimals
    ...(total > 0n ? { allocation_pct: Number((m.supplied * 10_000n) / total) / 100 } : {}),
  }));
}

export interface VaultInfo {
  vault_address: string;
  chain: string;
  protocol?: "MORPHO" | "EULER";
  name: string;
  symbol: string;
  owner: string;
  asset: string;
  asset_name?: string;
  asset_symbol: string;
  tvl_usd?: string;
  liquidity_usd?: string;
  deposit_cap?: string;
  deposit_cap_usd?: string;
  apy_7d?: string;
  apy_30d?: string;
  apy_90d?: string;
  markets: MarketAllocation[];
}

const usd = (raw: bigint, decimals: number, price: bigint | null) =>
  price === null ? undefined : formatUnits((raw * price) / 10n ** BigInt(decimals), 18);

/** vaults seen to be MetaMorpho or Euler, by chain id and address */
const kinds = new Map<string, "morpho" | "euler">();

/**
 * The vaults at `addresses` as the list shows them, read together: each step a round of reads for all of them (their
 * state, the MetaMorpho and Euler views, the oracle's prices; the APY windows' events beside them) rather than a chain
 * of reads per vault — a list of a few hundred vaults spent most of its time in the per-vault promises. An address
 * that is no ERC-4626 vault is left out.
 */
export async function readVaultInfos(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  addresses: readonly Address[];
  lookback: bigint;
  /** the chain's latest block, read once for every vault listed on it */
  head: { number: bigint; timestamp: bigint };
}): Promise<VaultInfo[]> {
  const { client } = input;
  const vaults = (
    await Promise.all(
      input.addresses.map((address) => readVault(client, input.chain, address, ["vault"]).catch(() => null)),
    )
  ).filter((v): v is Vault => v !== null);
  // A vault once seen to be MetaMorpho or Euler is read through that protocol alone: the other's views fail on it.
  // Only a positive answer is kept (what a vault's code is never changes); a vault that answered neither is asked
  // both again, so a failed read never turns a MetaMorpho vault into a plain one for good.
  const kindOf = (v: Vault) => kinds.get(`${client.chain?.id}|${v.address}`);
  const asMorpho = vaults.filter((v) => kindOf(v) !== "euler");
  const asEuler = vaults.filter((v) => kindOf(v) !== "morpho");
  const reads = Promise.all([
    // the owner is shown for a plain vault only (a MetaMorpho vault shows its curator, an Euler vault none)
    readVaultStates(
      client,
      vaults.map((vault) => ({ vault, owner: kindOf(vault) === undefined })),
    ),
    oraclePrices(
      input.config,
      client,
      input.chain,
      vaults.map((v) => v.asset.address),
    ),
    readMetaMorphos(
      client,
      asMorpho.map((v) => v.address),
    ),
    readEulers(
      client,
      asEuler.map((v) => v.address),
    ),
  ]);
  // the APY windows' events are read beside the state (the share price now is the state's)
  const apysRead = trailingApysMany({
    client,
    logs: input.logs,
    vaults,
    pricesNow: reads.then(([states]) => states.map((s) => (s instanceof Error ? 0n : s.sharePrice))),
    head: input.head,
    lookback: input.lookback,
  });
  apysRead.catch(() => undefined);
  const [states, prices, morphos, eulers] = await reads;
  const failed = states.find((s) => s instanceof Error);
  if (failed) throw failed;
  const morphoOf = new Map(asMorpho.map((v, i) => [v.address, morphos[i]!]));
  const failedMorpho = morphos.find((m) => m instanceof Error);
  if (failedMorpho) throw failedMorpho;
  const eulerOf = new Map(asEuler.map((v, i) => [v.address, eulers[i]!]));
  const apys = await apysRead;
  return vaults.map((vault, i) => {
    const state = states[i] as VaultState;
    const morpho = (morphoOf.get(vault.address) ?? null) as MetaMorphoState | null;
    const euler = eulerOf.get(vault.address) ?? null;
    const kindKey = `${client.chain?.id}|${vault.address}`;
    if (morpho) kinds.set(kindKey, "morpho");
    else if (euler) kinds.set(kindKey, "euler");
    if (kinds.size > 10_000) kinds.clear();
    const price = prices.get(vault.asset.address.toLowerCase()) ?? null;
    const { totalAssets, maxDeposit } = state;
    // what can leave now: the vault's idle cash, for a MetaMorpho vault with what its markets can pay out, for an
    // Euler vault its own `cash` (the rest is lent out)
    const available = euler ? euler.cash : state.idle + (morpho?.withdrawable ?? 0n);
    const liquidity = available < totalAssets ? available : totalAssets;
    // no cap: an Euler vault without a supply cap still answers a finite maxDeposit (its uint112 bound)
    const unlimited = maxDeposit >= maxUint256 / 2n || (euler?.supplyCap === 0 && maxDeposit > 0n);
    return {
      vault_address: vault.address,
      chain: input.chain,
      ...(morpho ? { protocol: "MORPHO" as const } : euler ? { protocol: "EULER" as const } : {}),
      name: vault.name,
      symbol: vault.symbol,
      // the curator: a MetaMorpho vault's own role; an Euler vault has none (spec: zero address); else the
      // vault's owner (zero when it has none)
      owner: morpho ? morpho.curator : euler ? zeroAddress : state.owner,
      asset: vault.asset.address,
      ...(state.assetName === undefined ? {} : { asset_name: state.assetName }),
      asset_symbol: vault.asset.symbol,
      tvl_usd: usd(totalAssets, vault.asset.decimals, price),
      liquidity_usd: usd(liquidity, vault.asset.decimals, price),
      ...(unlimited
        ? {}
        : {
            deposit_cap: formatUnits(maxDeposit, vault.asset.decimals),
            deposit_cap_usd: usd(maxDeposit, vault.asset.decimals, price),
          }),
      ...apys[i],
      markets: morpho ? allocations(morpho.markets) : [],
    };
  });
}

export const VAULT_ORDER = [
  "tvl_usd",
  "liquidity_usd",
  "apy_7d",
  "apy_30d",
  "apy_90d",
  "deposit_cap_usd",
  "name",
] as const;
export type VaultOrder = (typeof VAULT_ORDER)[number];

/** Filters (floors in USD; `min_deposit_cap_usd` drops capped-out or paused vaults), order, page. */
export function selectVaults(
  vaults: VaultInfo[],
  q: {
    order_by: VaultOrder;
    direction: "asc" | "desc";
    offset: number;
    limit: number;
    asset_symbol?: string;
    min_tvl_usd?: number;
    min_liquidity_usd?: number;
    min_deposit_cap_usd?: number;
  },
) {
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const floor = (value: string | undefined, min: number | undefined) =>
    min === undefined || (num(value) !== undefined && num(value)! >= min);
  const kept = vaults.filter(
    (v) =>
      (!q.asset_symbol || v.asset_symbol.toLowerCase() === q.asset_symbol.toLowerCase()) &&
      floor(v.tvl_usd, q.min_tvl_usd) &&
      floor(v.liquidity_usd, q.min_liquidity_usd) &&
      // no cap (absent) passes any floor; a cap of 0 (paused, full) passes none above -1
      (q.min_deposit_cap_usd === undefined ||
        (v.deposit_cap === undefined
          ? true
          : q.min_deposit_cap_usd === 0
            ? Number(v.deposit_cap) > 0
            : floor(v.deposit_cap_usd, q.min_deposit_cap_usd))),
  );
  const sign = q.direction === "asc" ? 1 : -1;
  kept.sort((a, b) => {
    if (q.order_by === "name") return sign * a.name.localeCompare(b.name);
    const x = num(a[q.order_by]);
    const y = num(b[q.order_by]);
    // vaults without the figure go last either way
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return sign * (x - y);
  });
  return {
    total: kept.length,
    offset: q.offset,
    limit: q.limit,
    vaults: kept.slice(q.offset, q.offset + q.limit),
  };
}

/**
 * Every vault on `chain` (or on every chain this deployment serves), read from chain. A chain asked for by name
 * that is not served is the caller's error; without a chain, unserved chains are skipped.
 */
export function listVaults(
  config: Config,
  chains: ChainClients,
  chainNames: readonly ChainName[],
  named: boolean,
): Promise<VaultInfo[]> {
  return acrossServedChains(chains, chainNames, named, async (chain, client) => {
    const head = await client.getBlock({ blockTag: "latest" });
    const chainId = client.chain?.id ?? 0;
    // One list per chain and block: every request at the same head (by hash, so a reorg at the same height is a new
    // list) shares one read of every vault. The list is the state of that block; a new block reads it afresh.
    const key = `${chainId}|${head.number}|${head.hash}`;
    const perBlock = lists.get(chains) ?? new Map();
    lists.set(chains, perBlock);
    let entry = perBlock.get(key);
    if (!entry) {
      entry = noteHistory(async () => {
        const addresses = await chainVaults(config, client, chains.logs, chain);
        return readVaultInfos({
          config,
          client,
          chain,
          logs: chains.logs,
          addresses,
          head,
          lookback: BigInt(config.logs.maxRange),
        });
      });
      perBlock.set(key, entry);
      // a failed read is not kept; of the rest, the latest few blocks
      entry.catch(() => perBlock.delete(key));
      while (perBlock.size > PER_BLOCK_KEPT) perBlock.delete(perBlock.keys().next().value!);
    }
    const { result, complete } = await entry;
    // the history it read is as complete for this request as for the one that read it
    for (const [id, block] of complete) historyCompleteTo(id, block);
    return result;
  });
}

/** lists kept per deployment (its chain clients), by chain and block: a handful of chains, a few blocks each */
const PER_BLOCK_KEPT = 16;
const lists = new WeakMap<
  ChainClients,
  Map<string, Promise<{ result: VaultInfo[]; complete: Map<number, bigint> }>>
>();
