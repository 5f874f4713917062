import { morphoBlueAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type Hex, type PublicClient, zeroAddress } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readViews, type ViewRead } from "../../kernel/chain/view-batch.ts";
import { readMarketParams } from "./market.ts";
import { liquidityOf, toAssetsDown } from "./math.ts";
import { metaMorphoAbi } from "./metamorpho.ts";

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
/** token symbols, by chain id and token (fixed at deployment; undefined: the token has none) */
const symbols = new Map<string, string | undefined>();

/**
 * Vaults' MetaMorpho state (their curator, and each market of the withdraw queue with the vault's cap and supply
 * there) in one go: a round of reads for all of them at each step (the vaults, their withdraw queues, the markets
 * there, the tokens' symbols) rather than per vault. Null for a vault that does not answer MetaMorpho's ABI, the
 * error for one whose queue or markets could not be read.
 */
export async function readMetaMorphos(
  client: PublicClient,
  vaults: readonly Address[],
): Promise<(MetaMorphoState | null | Error)[]> {
  const chainId = client.chain?.id;
  const at = { blockTag: NEXT_BLOCK } as const;
  const view = (address: Address, abi: readonly unknown[], functionName: string, args?: readonly unknown[]) =>
    ({ address, abi, functionName, ...(args ? { args } : {}), ...at }) as ViewRead;
  // the vaults: their singleton (once), queue length and curator
  const known = vaults.map((v) => singletons.get(`${chainId}|${v.toLowerCase()}`));
  const first = await readViews(
    client,
    vaults.flatMap((v, i) => [
      ...(known[i] ? [] : [view(v, metaMorphoAbi, "MORPHO")]),
      view(v, metaMorphoAbi, "withdrawQueueLength"),
      view(v, metaMorphoAbi, "curator"),
    ]),
  );
  let cursor = 0;
  const identities = vaults.map((v, i) => {
    const morpho = known[i] ? { ok: true as const, value: known[i] } : first[cursor++]!;
    const length = first[cursor++]!;
    const curator = first[cursor++]!;
    if (!morpho.ok || !length.ok || !curator.ok) return null;
    if (!known[i]) {
      if (singletons.size > 10_000) singletons.clear();
      singletons.set(`${chainId}|${v.toLowerCase()}`, morpho.value as Address);
    }
    return {
      vault: v,
      morpho: morpho.value as Address,
      length: Number(length.value as bigint),
      curator: curator.value as Address,
    };
  });
  // their withdraw queues
  const queued = identities.flatMap((id) =>
    id ? Array.from({ length: id.length }, (_, i) => ({ id, index: i })) : [],
  );
  const queue = await readViews(
    client,
    queued.map((q) => view(q.id.vault, metaMorphoAbi, "withdrawQueue", [BigInt(q.index)])),
  );
  const failedQueue = new Map<string, Error>();
  const ids = new Map<string, Hex[]>();
  queued.forEach((q, i) => {
    const r = queue[i]!;
    if (!r.ok) failedQueue.set(q.id.vault, asError(r.error));
    else ids.set(q.id.vault, [...(ids.get(q.id.vault) ?? []), r.value as Hex]);
  });
  // the markets there: each market's totals once, the vault's position and cap in each
  const entries = identities.flatMap((id) =>
    id && !failedQueue.has(id.vault) ? (ids.get(id.vault) ?? []).map((marketId) => ({ id, marketId })) : [],
  );
  const marketKeys = [...new Set(entries.map((e) => `${e.id.morpho}|${e.marketId}`))];
  const [params, marketReads] = await Promise.all([
    Promise.all(
      marketKeys.map((k) => {
        const [morpho, id] = k.split("|") as [Address, Hex];
        return readMarketParams(client, morpho, id).then(
          (p) => p,
          (e) => asError(e),
        );
      }),
    ),
    readViews(client, [
      ...marketKeys.map((k) => {
        const [morpho, id] = k.split("|") as [Address, Hex];
        return view(morpho, morphoBlueAbi, "market", [id]);
      }),
      ...entries.flatMap((e) => [
        view(e.id.morpho, morphoBlueAbi, "position", [e.marketId, e.id.vault]),
        view(e.id.vault, metaMorphoAbi, "config", [e.marketId]),
      ]),
    ]),
  ]);
  const paramsOf = new Map(marketKeys.map((k, i) => [k, params[i]!]));
  const stateOf = new Map(marketKeys.map((k, i) => [k, marketReads[i]!]));
  // the tokens' symbols, each once
  const tokens = [
    ...new Set(
      [...paramsOf.values()].flatMap((p) => (p instanceof Error ? [] : [p.loanToken, p.collateralToken])),
    ),
  ].filter((t) => t !== zeroAddress && !symbols.has(`${chainId}|${t.toLowerCase()}`));
  const symbolReads = await readViews(
    client,
    tokens.map((t) => view(t, erc20Abi, "symbol")),
  );
  tokens.forEach((t, i) => {
    const r = symbolReads[i]!;
    if (symbols.size > 10_000) symbols.clear();
    symbols.set(`${chainId}|${t.toLowerCase()}`, r.ok ? (r.value as string) : undefined);
  });
  const symbolOf = (t: Address) =>
    t === zeroAddress ? undefined : symbols.get(`${chainId}|${t.toLowerCase()}`);
  const marketsOf = new Map<string, MetaMorphoMarket[] | Error>();
  entries.forEach((e, i) => {
    const key = `${e.id.morpho}|${e.marketId}`;
    const p = paramsOf.get(key)!;
    const state = stateOf.get(key)!;
    const position = marketReads[marketKeys.length + 2 * i]!;
    const config = marketReads[marketKeys.length + 2 * i + 1]!;
    const soFar = marketsOf.get(e.id.vault);
    if (soFar instanceof Error) return;
    if (p instanceof Error) {
      marketsOf.set(e.id.vault, p);
      return;
    }
    const failed = [state, position, config].find((r) => !r.ok);
    if (failed && !failed.ok) {
      marketsOf.set(e.id.vault, asError(failed.error));
      return;
    }
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets] = (state as { value: readonly bigint[] })
      .value;
    const [supplyShares] = (position as { value: readonly bigint[] }).value;
    const supplied = toAssetsDown(supplyShares!, totalSupplyAssets!, totalSupplyShares!);
    const idle = liquidityOf({
      totalSupplyAssets: totalSupplyAssets!,
      totalBorrowAssets: totalBorrowAssets!,
    });
    const loanSymbol = symbolOf(p.loanToken);
    const collateralSymbol = symbolOf(p.collateralToken);
    (soFar ?? (marketsOf.set(e.id.vault, []).get(e.id.vault) as MetaMorphoMarket[])).push({
      id: e.marketId,
      loanToken: getAddress(p.loanToken),
      ...(loanSymbol === undefined ? {} : { loanSymbol }),
      collateralToken: getAddress(p.collateralToken),
      ...(collateralSymbol === undefined ? {} : { collateralSymbol }),
      lltv: p.lltv,
      cap: (config as { value: readonly [bigint, boolean, bigint] }).value[0],
      supplied,
      withdrawable: supplied < idle ? supplied : idle,
    });
  });
  return identities.map((id) => {
    if (!id) return null;
    const failed = failedQueue.get(id.vault);
    if (failed) return failed;
    const markets = marketsOf.get(id.vault) ?? [];
    if (markets instanceof Error) return markets;
    return {
      curator: getAddress(id.curator),
      withdrawable: markets.reduce((sum, r) => sum + r.withdrawable, 0n),
      markets,
    };
  });
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
