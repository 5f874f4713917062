import {
  MULTICALL3,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3QuoterV2Abi,
  uniswapV3SwapRouterAbi,
} from "@compass/constants";
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";

/**
 * Route finding over Uniswap v3, as an aggregator does it: pools are discovered from the factory for every
 * pair of the chain's tokens and every fee tier (nothing is listed by hand), candidate paths are direct
 * pools and two-hop paths through a connector token, each is quoted on chain with QuoterV2 (one Multicall3
 * eth_call for all of them), and the two best pool-disjoint paths are tried as a split.
 */

export const FEE_TIERS = [100, 500, 3000, 10_000] as const;
/** Split ratios tried between the two best disjoint paths (percent of the amount on the best one). */
const SPLITS = [80, 65, 50, 35, 20] as const;
const POOL_TTL_MS = 30_000;
/** Gas of the router's own work around the hops (calldata, transfers), on top of the quoter's estimate. */
const ROUTER_OVERHEAD_GAS = 60_000n;

const multicallAbi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

export interface Pool {
  address: Address;
  tokenA: Address;
  tokenB: Address;
  fee: number;
}

export interface Hop {
  pool: Pool;
  from: Address;
  to: Address;
}

export interface Leg {
  hops: Hop[];
  amountIn: bigint;
  amountOut: bigint;
  gas: bigint;
}

export interface Route {
  amountIn: bigint;
  amountOut: bigint;
  legs: Leg[];
  gas: bigint;
}

export interface ChainVenue {
  client: PublicClient;
  factory: Address;
  quoter: Address;
  /** the chain's tokens: candidates for pools and connectors */
  tokens: Address[];
}

const lower = (a: string) => a.toLowerCase();

export class PoolIndex {
  private cached?: { at: number; pools: Pool[] };

  constructor(private readonly venue: ChainVenue) {}

  /** Every pool with liquidity among the chain's tokens (and the two tokens asked about). */
  async pools(extra: Address[]): Promise<Pool[]> {
    const known = new Set(this.venue.tokens.map(lower));
    const fresh = this.cached && Date.now() - this.cached.at < POOL_TTL_MS;
    if (fresh && extra.every((t) => known.has(lower(t)))) return this.cached!.pools;
    const tokens = [
      ...new Map([...this.venue.tokens, ...extra].map((t) => [lower(t), getAddress(t)])).values(),
    ];
    const pairs: [Address, Address, number][] = [];
    for (let i = 0; i < tokens.length; i++)
      for (let j = i + 1; j < tokens.length; j++)
        for (const fee of FEE_TIERS) pairs.push([tokens[i]!, tokens[j]!, fee]);
    const found = await this.aggregate(
      pairs.map(([a, b, fee]) => ({
        target: this.venue.factory,
        callData: encodeFunctionData({
          abi: uniswapV3FactoryAbi,
          functionName: "getPool",
          args: [a, b, fee],
        }),
      })),
    );
    const candidates: Pool[] = [];
    found.forEach((r, i) => {
      if (!r.success) return;
      const address = decodeFunctionResult({
        abi: uniswapV3FactoryAbi,
        functionName: "getPool",
        data: r.returnData,
      });
      if (address === zeroAddress) return;
      const [tokenA, tokenB, fee] = pairs[i]!;
      candidates.push({ address, tokenA, tokenB, fee });
    });
    const liquidity = await this.aggregate(
      candidates.map((p) => ({
        target: p.address,
        callData: encodeFunctionData({ abi: uniswapV3PoolAbi, functionName: "liquidity" }),
      })),
    );
    const pools = candidates.filter((_, i) => {
      const r = liquidity[i]!;
      return (
        r.success &&
        decodeFunctionResult({ abi: uniswapV3PoolAbi, functionName: "liquidity", data: r.returnData }) > 0n
      );
    });
    if (extra.every((t) => known.has(lower(t)))) this.cached = { at: Date.now(), pools };
    return pools;
  }

  /** The best route for `amountIn` of `src` into `dst`, or null when no path holds liquidity for it. */
  async route(
    src: Address,
    dst: Address,
    amountIn: bigint,
    options: { connectors?: Address[]; split?: boolean } = {},
  ): Promise<Route | null> {
    const pools = await this.pools([src, dst]);
    const paths = candidatePaths(pools, src, dst, options.connectors?.map(lower));
    if (paths.length === 0) return null;
    const single = await this.quoteAll(paths.map((hops) => ({ hops, amountIn })));
    const ranked = single
      .filter((l): l is Leg => l !== null && l.amountOut > 0n)
      .sort((a, b) => (b.amountOut > a.amountOut ? 1 : b.amountOut < a.amountOut ? -1 : 0));
    if (ranked.length === 0) return null;
    const best = ranked[0]!;
    let route: Route = { amountIn, amountOut: best.amountOut, legs: [best], gas: best.gas };
    const second = options.split === false ? undefined : ranked.find((l) => disjoint(l.hops, best.hops));
    if (second) {
      const tries = SPLITS.flatMap((pct) => {
        const first = (amountIn * BigInt(pct)) / 100n;
        return [
          { hops: best.hops, amountIn: first },
          { hops: second.hops, amountIn: amountIn - first },
        ];
      });
      const quoted = await this.quoteAll(tries);
      for (let i = 0; i < SPLITS.length; i++) {
        const a = quoted[2 * i];
        const b = quoted[2 * i + 1];
        if (!a || !b || a.amountOut === 0n || b.amountOut === 0n) continue;
        // a split costs a second hop sequence: only worth it when it pays for its gas in output terms too
        if (a.amountOut + b.amountOut > route.amountOut)
          route = { amountIn, amountOut: a.amountOut + b.amountOut, legs: [a, b], gas: a.gas + b.gas };
      }
    }
    return { ...route, gas: route.gas + ROUTER_OVERHEAD_GAS };
  }

  private async quoteAll(legs: { hops: Hop[]; amountIn: bigint }[]): Promise<(Leg | null)[]> {
    const results = await this.aggregate(
      legs.map((leg) => ({
        target: this.venue.quoter,
        callData: encodeFunctionData({
          abi: uniswapV3QuoterV2Abi,
          functionName: "quoteExactInput",
          args: [encodePath(leg.hops), leg.amountIn],
        }),
      })),
    );
    return results.map((r, i) => {
      if (!r.success) return null;
      const [amountOut, , , gas] = decodeFunctionResult({
        abi: uniswapV3QuoterV2Abi,
        functionName: "quoteExactInput",
        data: r.returnData,
      });
      return { ...legs[i]!, amountOut, gas };
    });
  }

  private async aggregate(calls: { target: Address; callData: Hex }[]) {
    if (calls.length === 0) return [];
    const data = await this.venue.client.call({
      to: MULTICALL3,
      data: encodeFunctionData({
        abi: multicallAbi,
        functionName: "aggregate3",
        args: [calls.map((c) => ({ ...c, allowFailure: true }))],
      }),
    });
    return decodeFunctionResult({ abi: multicallAbi, functionName: "aggregate3", data: data.data ?? "0x" });
  }
}

/** Direct pools, then two-hop paths through each connector token (every fee tier combination). */
export function candidatePaths(pools: Pool[], src: Address, dst: Address, connectors?: string[]): Hop[][] {
  const s = lower(src);
  const d = lower(dst);
  const between = (a: string, b: string) =>
    pools.filter(
      (p) =>
        (lower(p.tokenA) === a && lower(p.tokenB) === b) || (lower(p.tokenA) === b && lower(p.tokenB) === a),
    );
  const hop = (pool: Pool, from: string): Hop => {
    const to = lower(pool.tokenA) === from ? pool.tokenB : pool.tokenA;
    return { pool, from: getAddress(from), to };
  };
  const paths: Hop[][] = between(s, d).map((p) => [hop(p, s)]);
  const middles = new Set(pools.flatMap((p) => [lower(p.tokenA), lower(p.tokenB)]));
  for (const m of middles) {
    if (m === s || m === d || (connectors && !connectors.includes(m))) continue;
    for (const first of between(s, m))
      for (const second of between(m, d)) paths.push([hop(first, s), hop(second, m)]);
  }
  return paths;
}

function disjoint(a: Hop[], b: Hop[]): boolean {
  const used = new Set(a.map((h) => lower(h.pool.address)));
  return b.every((h) => !used.has(lower(h.pool.address)));
}

/** Uniswap v3's packed path: token, fee, token, fee, token… */
export function encodePath(hops: Hop[]): Hex {
  const types: ("address" | "uint24")[] = ["address"];
  const values: (Address | number)[] = [hops[0]!.from];
  for (const h of hops) {
    types.push("uint24", "address");
    values.push(h.pool.fee, h.to);
  }
  return encodePacked(types, values);
}

/**
 * The SwapRouter call that executes `route`: one `exactInput` per leg, each to `recipient` and bound to return at
 * least its quote less `slippage` percent, in a `multicall` when the route is split.
 */
export function swapCalldata(route: Route, recipient: Address, deadline: bigint, slippage: number): Hex {
  // the minimum each leg must return: its quote less the slippage (in basis points of a basis point)
  const keep = BigInt(Math.floor((100 - slippage) * 10_000));
  const calls = route.legs.map((leg) =>
    encodeFunctionData({
      abi: uniswapV3SwapRouterAbi,
      functionName: "exactInput",
      args: [
        {
          path: encodePath(leg.hops),
          recipient,
          deadline,
          amountIn: leg.amountIn,
          amountOutMinimum: (leg.amountOut * keep) / 1_000_000n,
        },
      ],
    }),
  );
  return calls.length === 1
    ? calls[0]!
    : encodeFunctionData({ abi: uniswapV3SwapRouterAbi, functionName: "multicall", args: [calls] });
}
