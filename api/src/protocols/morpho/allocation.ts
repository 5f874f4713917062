import { type Address, erc20Abi, getAddress, type Hex, type PublicClient, zeroAddress } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readView } from "../../kernel/chain/view-batch.ts";
import { readMarketParams, readMarketState } from "./market.ts";
import { liquidityOf, toAssetsDown } from "./math.ts";
import { metaMorphoAbi } from "./metamorpho.ts";
import { readPositionShares } from "./positions.ts";

/**
 * Where a MetaMorpho vault's assets are supplied, read through MetaMorpho's public ABI and Morpho Blue's own
 * views: each market of its withdraw queue with its cap and the vault's supply there, and how much of that supply
 * can leave now.
 */

/** One market of the vault's withdraw queue: its tokens, LLTV, the vault's cap there and what it supplies. */
export interface MetaMorphoMarket {
  id: Hex;
  loanToken: Address;
  /** absent where the token answers no `symbol()` */
  loanSymbol?: string;
  collateralToken: Address;
  collateralSymbol?: string;
  /** WAD */
  lltv: bigint;
  /** the vault's supply cap in the market, loan-token units */
  cap: bigint;
  /** the vault's supply there now, loan-token units */
  supplied: bigint;
  /** what of it can leave now: min(its supply, the market's idle liquidity) */
  withdrawable: bigint;
}

export interface MetaMorphoState {
  curator: Address;
  /** in withdraw-queue order */
  markets: MetaMorphoMarket[];
  /** what the markets let the vault take out now: Σ min(its supply, the market's idle liquidity) */
  withdrawable: bigint;
}

/** each MetaMorpho vault's Morpho Blue singleton, by chain id and vault */
const singletons = new Map<string, Address>();

/** The vault's MetaMorpho state, or null when `vault` does not answer MetaMorpho's ABI. */
export async function readMetaMorpho(client: PublicClient, vault: Address): Promise<MetaMorphoState | null> {
  const read = <T>(address: Address, abi: unknown, functionName: string, args: unknown[] = []) =>
    readView<T>(client, {
      address,
      abi: abi as readonly unknown[],
      functionName,
      args,
      blockTag: NEXT_BLOCK,
    });
  // the singleton a vault supplies to is immutable: asked once per vault that answered it
  const singletonKey = `${client.chain?.id}|${vault.toLowerCase()}`;
  const known = singletons.get(singletonKey);
  const identity = await Promise.all([
    known ?? read<Address>(vault, metaMorphoAbi, "MORPHO"),
    read<bigint>(vault, metaMorphoAbi, "withdrawQueueLength"),
    read<Address>(vault, metaMorphoAbi, "curator"),
  ]).catch(() => null);
  if (!identity) return null;
  const [morpho, length, curator] = identity;
  if (!known) {
    if (singletons.size > 10_000) singletons.clear();
    singletons.set(singletonKey, morpho);
  }
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
  const markets: MetaMorphoMarket[] = await Promise.all(
    ids.map(async (id) => {
      const [{ loanToken, collateralToken, lltv }, market, position, config] = await Promise.all([
        readMarketParams(client, morpho, id),
        readMarketState(client, morpho, id),
        readPositionShares(client, morpho, id, vault),
        read<readonly [bigint, boolean, bigint]>(vault, metaMorphoAbi, "config", [id]),
      ]);
      const supplied = toAssetsDown(
        position.supplyShares,
        market.totalSupplyAssets,
        market.totalSupplyShares,
      );
      const idle = liquidityOf(market);
      const [loanSymbol, collateralSymbol] = await Promise.all([symbol(loanToken), symbol(collateralToken)]);
      return {
        id,
        loanToken: getAddress(loanToken),
        ...(loanSymbol === undefined ? {} : { loanSymbol }),
        collateralToken: getAddress(collateralToken),
        ...(collateralSymbol === undefined ? {} : { collateralSymbol }),
        lltv,
        cap: config[0],
        supplied,
        withdrawable: supplied < idle ? supplied : idle,
      };
    }),
  );
  return {
    curator: getAddress(curator),
    withdrawable: markets.reduce((sum, r) => sum + r.withdrawable, 0n),
    markets,
  };
}
