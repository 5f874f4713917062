import { morphoBlueAbi } from "@compass/constants";
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  parseAbiItem,
  zeroAddress,
} from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { Config } from "../../kernel/config/env.ts";
import { addressBook } from "../../kernel/config/env.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { createdByFactories } from "../../kernel/chain/factories.ts";

/**
 * MetaMorpho vaults (Morpho's curated ERC-4626 vaults over Morpho Blue markets), read through MetaMorpho's
 * public ABI and Morpho Blue's own views: where the vault's assets are supplied, how much of each market's
 * supply can leave now, and the vaults a MetaMorpho factory created.
 */
export const metaMorphoAbi = parseAbi([
  "function MORPHO() view returns (address)",
  "function curator() view returns (address)",
  "function withdrawQueueLength() view returns (uint256)",
  "function withdrawQueue(uint256) view returns (bytes32)",
  "function config(bytes32) view returns (uint184 cap, bool enabled, uint64 removableAt)",
]);

export const createMetaMorphoEvent = parseAbiItem(
  "event CreateMetaMorpho(address indexed metaMorpho, address indexed caller, address initialOwner, uint256 initialTimelock, address indexed asset, string name, string symbol, bytes32 salt)",
);

/** Address-book names of MetaMorpho factories (the devnet's and a deployment's own). */
const FACTORY_ENTRY = /^(MetaMorphoFactory|MorphoVaultFactory)/;

/** Morpho Blue's virtual shares and assets (SharesMathLib): how it converts supply shares to assets. */
const VIRTUAL_SHARES = 10n ** 6n;
const VIRTUAL_ASSETS = 1n;
export const toAssetsDown = (shares: bigint, totalAssets: bigint, totalShares: bigint) =>
  (shares * (totalAssets + VIRTUAL_ASSETS)) / (totalShares + VIRTUAL_SHARES);

export interface MarketAllocation {
  market_id: Hex;
  loan_token: Address;
  loan_token_symbol?: string;
  collateral_token: Address;
  collateral_token_symbol?: string;
  lltv: string;
  supply_cap?: string;
  supply_assets?: string;
  allocation_pct?: number;
}

export interface MetaMorphoState {
  curator: Address;
  markets: MarketAllocation[];
  /** what the markets let the vault take out now: Σ min(its supply, the market's idle liquidity) */
  withdrawable: bigint;
}

/** The vault's MetaMorpho state, or null when `vault` does not answer MetaMorpho's ABI. */
export async function readMetaMorpho(client: PublicClient, vault: Address): Promise<MetaMorphoState | null> {
  const read = <T>(address: Address, abi: unknown, functionName: string, args: unknown[] = []) =>
    client.readContract({ address, abi, functionName, args, blockTag: NEXT_BLOCK } as never) as Promise<T>;
  const identity = await Promise.all([
    read<Address>(vault, metaMorphoAbi, "MORPHO"),
    read<bigint>(vault, metaMorphoAbi, "withdrawQueueLength"),
    read<Address>(vault, metaMorphoAbi, "curator"),
  ]).catch(() => null);
  if (!identity) return null;
  const [morpho, length, curator] = identity;
  const ids = await Promise.all(
    Array.from({ length: Number(length) }, (_, i) =>
      read<Hex>(vault, metaMorphoAbi, "withdrawQueue", [BigInt(i)]),
    ),
  );
  const symbols = new Map<string, Promise<string | undefined>>();
  const symbol = (token: Address) => {
    const key = token.toLowerCase();
    if (!symbols.has(key))
      symbols.set(
        key,
        token === zeroAddress
          ? Promise.resolve(undefined)
          : read<string>(token, erc20Abi, "symbol").catch(() => undefined),
      );
    return symbols.get(key)!;
  };
  const rows = await Promise.all(
    ids.map(async (id) => {
      const [params, market, position, config] = await Promise.all([
        read<readonly [Address, Address, Address, Address, bigint]>(
          morpho,
          morphoBlueAbi,
          "idToMarketParams",
          [id],
        ),
        read<readonly bigint[]>(morpho, morphoBlueAbi, "market", [id]),
        read<readonly bigint[]>(morpho, morphoBlueAbi, "position", [id, vault]),
        read<readonly [bigint, boolean, bigint]>(vault, metaMorphoAbi, "config", [id]),
      ]);
      const [loanToken, collateralToken, , , lltv] = params;
      const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets] = market as [bigint, bigint, bigint];
      const supplied = toAssetsDown(position[0]!, totalSupplyAssets, totalSupplyShares);
      const idle = totalSupplyAssets > totalBorrowAssets ? totalSupplyAssets - totalBorrowAssets : 0n;
      const [loanSymbol, collateralSymbol] = await Promise.all([symbol(loanToken), symbol(collateralToken)]);
      return {
        supplied,
        withdrawable: supplied < idle ? supplied : idle,
        allocation: {
          market_id: id,
          loan_token: getAddress(loanToken),
          ...(loanSymbol === undefined ? {} : { loan_token_symbol: loanSymbol }),
          collateral_token: getAddress(collateralToken),
          ...(collateralSymbol === undefined ? {} : { collateral_token_symbol: collateralSymbol }),
          lltv: lltv.toString(),
          supply_cap: config[0].toString(),
          supply_assets: supplied.toString(),
        } as MarketAllocation,
      };
    }),
  );
  const total = rows.reduce((sum, r) => sum + r.supplied, 0n);
  return {
    curator: getAddress(curator),
    withdrawable: rows.reduce((sum, r) => sum + r.withdrawable, 0n),
    markets: rows.map((r) => ({
      ...r.allocation,
      // basis points, then percent with two decimals
      ...(total > 0n ? { allocation_pct: Number((r.supplied * 10_000n) / total) / 100 } : {}),
    })),
  };
}

/** The chain's MetaMorpho factories in the address book. */
export const metaMorphoFactories = (config: Config, chain: ChainName): Address[] =>
  Object.entries(addressBook(config)?.chains[chain]?.contracts ?? {})
    .filter(([name]) => FACTORY_ENTRY.test(name))
    .map(([, address]) => getAddress(address));

/** The vaults the chain's MetaMorpho factories (address book) created, from their CreateMetaMorpho events. */
export const factoryVaults = (config: Config, client: PublicClient, logs: LogReader, chain: ChainName) =>
  createdByFactories({ config, client, logs, chain }, FACTORY_ENTRY, createMetaMorphoEvent, "metaMorpho");
