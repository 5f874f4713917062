import { aaveOracleAbi, USDC } from "@compass/constants";
import {
  type Address,
  erc20Abi,
  formatUnits,
  getAddress,
  type Log,
  maxUint256,
  type PublicClient,
  zeroAddress,
} from "viem";
import { annualisedGrowthPercent, blockAtOrBefore } from "../../chain/history.ts";
import type { LogReader } from "../../chain/log-reader.ts";
import { blockTimes } from "../../chain/logs.ts";
import { NEXT_BLOCK } from "../../chain/next-block.ts";
import { addressBook, type Config } from "../../config/env.ts";
import type { ChainName } from "../../schemas/common.ts";
import { readVault, type Vault, vaultAbi } from "./vault.ts";
import { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT } from "./vault-positions.ts";

/**
 * The vaults a deployment lists (its address book's ERC-4626 entries: `Erc4626Vault*`, `MetaMorpho*`,
 * `EulerVault*`), each read from chain: TVL and liquidity priced by the market's on-chain oracle, the deposit
 * cap from `maxDeposit`, and trailing APYs from the vault's own share price — now against the price its
 * Deposit and Withdraw events show at the window's start (bounded event pages, no archive state).
 */

const VAULT_ENTRY = /^(Erc4626Vault|MetaMorpho|EulerVault)/;
const DAY = 86_400n;
const ONE = 10n ** 18n;

export function listedVaults(config: Config, chain: ChainName): Address[] {
  const contracts = addressBook(config)?.chains[chain]?.contracts ?? {};
  return Object.entries(contracts)
    .filter(([name]) => VAULT_ENTRY.test(name))
    .map(([, address]) => getAddress(address));
}

/** USD per whole token (18 decimals) from the chain's Aave oracle (8-decimal USD), USDC at 1; null if unknown. */
export async function oraclePrice(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  token: Address,
): Promise<bigint | null> {
  if (USDC[chain]?.address.toLowerCase() === token.toLowerCase()) return ONE;
  const oracle = addressBook(config)?.chains[chain]?.contracts.AaveOracle;
  if (!oracle) return null;
  const price = await client
    .readContract({ address: oracle, abi: aaveOracleAbi, functionName: "getAssetPrice", args: [token] })
    .catch(() => 0n);
  return price > 0n ? price * 10n ** 10n : null;
}

export interface VaultInfo {
  vault_address: string;
  chain: string;
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
  markets: never[];
}

const usd = (raw: bigint, decimals: number, price: bigint | null) =>
  price === null ? undefined : formatUnits((raw * price) / 10n ** BigInt(decimals), 18);

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
    .map((e) => ({ t: BigInt(times.get(e.blockNumber!)!), price: (e.args.assets * unit) / e.args.shares }))
    .sort((a, b) => Number(a.t - b.t));
}

export async function readVaultInfo(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  address: Address;
  lookback: bigint;
}): Promise<VaultInfo | null> {
  const { client } = input;
  const vault = await readVault(client, input.chain, input.address, ["vault"]).catch(() => null);
  if (!vault) return null;
  const read = <T>(
    address: Address,
    abi: typeof vaultAbi | typeof erc20Abi,
    functionName: string,
    args: unknown[] = [],
  ) => client.readContract({ address, abi, functionName, args, blockTag: NEXT_BLOCK } as never) as Promise<T>;
  const unit = 10n ** BigInt(vault.decimals);
  const [totalAssets, cash, maxDeposit, priceNow, assetName, owner, price, head] = await Promise.all([
    read<bigint>(vault.address, vaultAbi, "totalAssets"),
    read<bigint>(vault.asset.address, erc20Abi, "balanceOf", [vault.address]),
    read<bigint>(vault.address, vaultAbi, "maxDeposit", [zeroAddress]),
    read<bigint>(vault.address, vaultAbi, "convertToAssets", [unit]),
    read<string>(vault.asset.address, erc20Abi, "name").catch(() => undefined),
    client
      .readContract({
        address: vault.address,
        abi: [
          {
            type: "function",
            name: "owner",
            inputs: [],
            outputs: [{ type: "address" }],
            stateMutability: "view",
          },
        ],
        functionName: "owner",
      })
      .catch(() => zeroAddress),
    oraclePrice(input.config, client, input.chain, vault.asset.address),
    client.getBlock({ blockTag: "latest" }),
  ]);
  // trailing APYs: the share price now against the one the vault's events show at each window's start
  const start90 = head.timestamp - 90n * DAY;
  const first = await blockAtOrBefore(client, start90, { number: head.number, timestamp: head.timestamp });
  const prices = await sharePrices(
    client,
    input.logs,
    vault,
    first.number > input.lookback ? first.number - input.lookback : 0n,
  );
  const apy = (days: bigint) => {
    const start = head.timestamp - days * DAY;
    const at = prices.filter((p) => p.t <= start).at(-1) ?? prices.find((p) => p.t > start);
    if (!at) return undefined;
    const growth = annualisedGrowthPercent(
      at.price,
      priceNow,
      head.timestamp - (at.t > start ? at.t : start),
    );
    return growth === null ? undefined : growth.toFixed(4);
  };
  const liquidity = cash < totalAssets ? cash : totalAssets;
  const unlimited = maxDeposit >= maxUint256 / 2n;
  return {
    vault_address: vault.address,
    chain: input.chain,
    name: vault.name,
    symbol: vault.symbol,
    owner: getAddress(owner),
    asset: vault.asset.address,
    ...(assetName === undefined ? {} : { asset_name: assetName }),
    asset_symbol: vault.asset.symbol,
    tvl_usd: usd(totalAssets, vault.asset.decimals, price),
    liquidity_usd: usd(liquidity, vault.asset.decimals, price),
    ...(unlimited
      ? {}
      : {
          deposit_cap: formatUnits(maxDeposit, vault.asset.decimals),
          deposit_cap_usd: usd(maxDeposit, vault.asset.decimals, price),
        }),
    apy_7d: apy(7n),
    apy_30d: apy(30n),
    apy_90d: apy(90n),
    markets: [],
  };
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
