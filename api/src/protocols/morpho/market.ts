import { morphoBlueAbi, morphoIrmAbi, morphoOracleAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type Hex, type PublicClient, zeroAddress } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readView } from "../../kernel/chain/view-batch.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { WAD, wTaylorCompounded } from "./math.ts";

/**
 * A Morpho Blue market by id, read from the singleton: its immutable parameters, its totals with the interest
 * accrued up to the next block as Morpho's own MorphoBalancesLib computes it, the rate model's borrow rate and the
 * oracle's price.
 */

export interface MorphoParams {
  loanToken: Address;
  collateralToken: Address;
  oracle: Address;
  irm: Address;
  lltv: bigint;
}

export interface MorphoMarket {
  morpho: Address;
  id: Hex;
  params: MorphoParams;
  loan: { address: Address; symbol: string; decimals: number };
  collateral: { address: Address; symbol: string; decimals: number };
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  totalBorrowShares: bigint;
  /** the market's fee on interest, WAD */
  fee: bigint;
  /** per second, WAD */
  borrowRate: bigint;
  /** loan-token units per collateral unit, scaled by 1e36 */
  price: bigint;
}

/** A market's totals as the singleton stores them (`market(id)`). */
export interface MorphoMarketState {
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  totalBorrowShares: bigint;
  lastUpdate: bigint;
  fee: bigint;
}

/** The market's totals for the next block as stored (`market(id)`: interest accrued up to its last update). */
export async function readMarketState(
  client: PublicClient,
  morpho: Address,
  id: Hex,
): Promise<MorphoMarketState> {
  const state = await readView(client, {
    address: morpho,
    abi: morphoBlueAbi,
    functionName: "market",
    args: [id],
    blockTag: NEXT_BLOCK,
  });
  const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee] =
    state as readonly bigint[] as [bigint, bigint, bigint, bigint, bigint, bigint];
  return { totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, lastUpdate, fee };
}

/** The market (by id) for the next block, or a 422 on `loc` when the singleton has no such market. */
export async function readMorphoMarket(
  client: PublicClient,
  morpho: Address,
  id: Hex,
  loc: Loc,
  /** the head block, when the caller reads several markets at once */
  head?: Promise<{ timestamp: bigint }>,
): Promise<MorphoMarket> {
  const [params, state, block] = await Promise.all([
    readMarketParams(client, morpho, id),
    readMarketState(client, morpho, id),
    head ?? client.getBlock({ blockTag: "latest" }),
  ]);
  const { loanToken, collateralToken, oracle } = params;
  if (loanToken === zeroAddress)
    throw fieldError(loc, `no Morpho Blue market ${id} on this chain (see morpho_markets)`);
  const [rate, price, loan, collateral] = await Promise.all([
    morphoBorrowRate(client, params, state),
    client.readContract({
      address: oracle,
      abi: morphoOracleAbi,
      functionName: "price",
      blockTag: NEXT_BLOCK,
    }),
    tokenMeta(client, loanToken),
    tokenMeta(client, collateralToken),
  ]);
  // interest up to the next block (one second after the latest), as accrueInterest will compute it
  const elapsed = block.timestamp + 1n - state.lastUpdate;
  const interest = elapsed > 0n ? (state.totalBorrowAssets * wTaylorCompounded(rate, elapsed)) / WAD : 0n;
  return {
    morpho,
    id,
    params,
    loan,
    collateral,
    totalSupplyAssets: state.totalSupplyAssets + interest,
    totalSupplyShares: state.totalSupplyShares,
    totalBorrowAssets: state.totalBorrowAssets + interest,
    totalBorrowShares: state.totalBorrowShares,
    fee: state.fee,
    borrowRate: rate,
    price: price as bigint,
  };
}

/** The rate model's borrow rate (per second, WAD) for the market's state, as accrueInterest asks it; 0 without one. */
export function morphoBorrowRate(
  client: PublicClient,
  params: MorphoParams,
  state: MorphoMarketState,
): Promise<bigint> {
  if (params.irm === zeroAddress) return Promise.resolve(0n);
  return client.readContract({
    address: params.irm,
    abi: morphoIrmAbi,
    functionName: "borrowRateView",
    args: [params, state],
    blockTag: NEXT_BLOCK,
  } as never) as Promise<bigint>;
}

/**
 * What never changes once set, kept per chain: a market's parameters (immutable once created; an id not created
 * yet reads as zeros and is read again next time) and a token's symbol and decimals.
 */
const immutables = new Map<string, Promise<unknown>>();
function once<T>(key: string, read: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  const hit = immutables.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const value = read();
  if (immutables.size > 10_000) immutables.clear();
  immutables.set(key, value);
  value.then(
    (v) => !keep(v) && immutables.delete(key),
    () => immutables.delete(key),
  );
  return value;
}

/** A market's parameters (`idToMarketParams`), kept once created; zeros for an id not created yet. */
export function readMarketParams(client: PublicClient, morpho: Address, id: Hex): Promise<MorphoParams> {
  return marketParamsOf(client, morpho, id).then((p) => {
    const [loanToken, collateralToken, oracle, irm, lltv] = p as unknown as [
      Address,
      Address,
      Address,
      Address,
      bigint,
    ];
    return { loanToken, collateralToken, oracle, irm, lltv };
  });
}

function marketParamsOf(client: PublicClient, morpho: Address, id: Hex) {
  return once(
    `${client.chain?.id}|${morpho}|${id.toLowerCase()}`,
    () =>
      readView(client, {
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "idToMarketParams",
        args: [id],
        blockTag: NEXT_BLOCK,
      }),
    (p) => (p as unknown as [Address])[0] !== zeroAddress,
  );
}

/** A token's symbol and decimals, read once per chain (fixed at deployment). */
function tokenMeta(client: PublicClient, address: Address) {
  return once(`${client.chain?.id}|${address.toLowerCase()}`, async () => {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    ]);
    return { address: getAddress(address), symbol, decimals };
  });
}
