import { morphoBlueAbi, morphoIrmAbi, morphoOracleAbi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  type Log,
  type PublicClient,
  pad,
  parseAbiItem,
  zeroAddress,
} from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { type AccountCall, SAFE } from "../../product-accounts/index.ts";

/**
 * Morpho Blue from the Credit Account: a market by id (its immutable parameters, its totals with the interest
 * accrued up to the next block as Morpho's own MorphoBalancesLib computes it, the oracle's price), the account's
 * collateral and debt in it, the calls that post and withdraw collateral, borrow and repay — after the
 * checks Morpho itself makes (health after the action at the oracle's price and the LLTV, the market's
 * liquidity) — and the account's history from Morpho's events.
 */

/** The chain's Morpho Blue singleton in the deployment's address book, or null where it has none. */
export function morphoOn(config: Config, chain: ChainName): Address | null {
  const morpho = addressBook(config)?.chains[chain]?.contracts.MorphoBlue;
  return morpho ? getAddress(morpho) : null;
}

const WAD = 10n ** 18n;
const ORACLE_PRICE_SCALE = 10n ** 36n;
const VIRTUAL_SHARES = 10n ** 6n;
const VIRTUAL_ASSETS = 1n;

export interface MorphoParams {
  loanToken: Address;
  collateralToken: Address;
  oracle: Address;
  irm: Address;
  lltv: bigint;
}

export interface MorphoCreditMarket {
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

export interface MorphoAccountPosition {
  borrowShares: bigint;
  collateral: bigint;
  /** debt in loan-token units, rounded up as Morpho rounds it */
  borrowed: bigint;
}

/** Morpho's Taylor approximation of e^(x) − 1 to the third term (MathLib.wTaylorCompounded). */
const wTaylorCompounded = (x: bigint, n: bigint) => {
  const first = x * n;
  const second = (first * first) / (2n * WAD);
  const third = (second * first) / (3n * WAD);
  return first + second + third;
};
export const toAssetsUp = (shares: bigint, totalAssets: bigint, totalShares: bigint) =>
  (shares * (totalAssets + VIRTUAL_ASSETS) + (totalShares + VIRTUAL_SHARES) - 1n) /
  (totalShares + VIRTUAL_SHARES);

/** The market (by id) for the next block, or a 422 on `loc` when the singleton has no such market. */
export async function readMorphoCreditMarket(
  client: PublicClient,
  morpho: Address,
  id: Hex,
  loc: Loc,
  /** the head block, when the caller reads several markets at once */
  head?: Promise<{ timestamp: bigint }>,
): Promise<MorphoCreditMarket> {
  const at = { blockTag: NEXT_BLOCK } as const;
  const [p, state, block] = await Promise.all([
    marketParamsOf(client, morpho, id),
    client.readContract({ address: morpho, abi: morphoBlueAbi, functionName: "market", args: [id], ...at }),
    head ?? client.getBlock({ blockTag: "latest" }),
  ]);
  const [loanToken, collateralToken, oracle, irm, lltv] = p as unknown as [
    Address,
    Address,
    Address,
    Address,
    bigint,
  ];
  if (loanToken === zeroAddress)
    throw fieldError(loc, `no Morpho Blue market ${id} on this chain (see morpho_markets)`);
  const [supplyAssets, supplyShares, borrowAssets, borrowShares, lastUpdate, fee] =
    state as unknown as bigint[];
  const params = { loanToken, collateralToken, oracle, irm, lltv };
  const [rate, price, loan, collateral] = await Promise.all([
    morphoBorrowRate(client, params, {
      totalSupplyAssets: supplyAssets!,
      totalSupplyShares: supplyShares!,
      totalBorrowAssets: borrowAssets!,
      totalBorrowShares: borrowShares!,
      lastUpdate: lastUpdate!,
      fee: fee!,
    }),
    client.readContract({ address: oracle, abi: morphoOracleAbi, functionName: "price", ...at }),
    tokenMeta(client, loanToken),
    tokenMeta(client, collateralToken),
  ]);
  // interest up to the next block (one second after the latest), as accrueInterest will compute it
  const elapsed = block.timestamp + 1n - lastUpdate!;
  const interest = elapsed > 0n ? (borrowAssets! * wTaylorCompounded(rate, elapsed)) / WAD : 0n;
  return {
    morpho,
    id,
    params,
    loan,
    collateral,
    totalSupplyAssets: supplyAssets! + interest,
    totalSupplyShares: supplyShares!,
    totalBorrowAssets: borrowAssets! + interest,
    totalBorrowShares: borrowShares!,
    fee: fee!,
    borrowRate: rate,
    price: price as bigint,
  };
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

function marketParamsOf(client: PublicClient, morpho: Address, id: Hex) {
  return once(
    `${client.chain?.id}|${morpho}|${id.toLowerCase()}`,
    () =>
      client.readContract({
        address: morpho,
        abi: morphoBlueAbi,
        functionName: "idToMarketParams",
        args: [id],
        blockTag: NEXT_BLOCK,
      }),
    (p) => (p as unknown as [Address])[0] !== zeroAddress,
  );
}

function tokenMeta(client: PublicClient, address: Address) {
  return once(`${client.chain?.id}|${address.toLowerCase()}`, async () => {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    ]);
    return { address: getAddress(address), symbol, decimals };
  });
}

export async function readMorphoPosition(
  client: PublicClient,
  m: MorphoCreditMarket,
  account: Address,
): Promise<MorphoAccountPosition> {
  const [, borrowShares, collateral] = (await client.readContract({
    address: m.morpho,
    abi: morphoBlueAbi,
    functionName: "position",
    args: [m.id, account],
    blockTag: NEXT_BLOCK,
  })) as unknown as [bigint, bigint, bigint];
  return {
    borrowShares,
    collateral,
    borrowed: toAssetsUp(borrowShares, m.totalBorrowAssets, m.totalBorrowShares),
  };
}

/** What `collateral` lets the account borrow in the market: collateral × price × LLTV (Morpho's own bound). */
export const maxBorrow = (m: MorphoCreditMarket, collateral: bigint) =>
  (((collateral * m.price) / ORACLE_PRICE_SCALE) * m.params.lltv) / WAD;

/** Health factor (1e18 = 1) of a position: its borrowing bound over its debt; null without debt. */
export const morphoHealth = (m: MorphoCreditMarket, collateral: bigint, borrowed: bigint) =>
  borrowed === 0n ? null : (maxBorrow(m, collateral) * WAD) / borrowed;

const human = (amount: bigint, t: { decimals: number; symbol: string }) =>
  `${formatDecimal(amount, t.decimals)} ${t.symbol}`;

const tuple = (m: MorphoCreditMarket) => m.params;

/** Post `collateral` (already in the account) and borrow `amount` of the loan token, after Morpho's checks. */
export function morphoBorrowCalls(input: {
  market: MorphoCreditMarket;
  position: MorphoAccountPosition;
  account: Address;
  collateral?: { amount: bigint; loc: Loc };
  amount: bigint;
  loc: Loc;
}): AccountCall[] {
  const { market: m, account } = input;
  const calls: AccountCall[] = [];
  const posted = input.position.collateral + (input.collateral?.amount ?? 0n);
  if (input.collateral)
    calls.push(
      {
        to: m.params.collateralToken,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [m.morpho, input.collateral.amount],
        }),
      },
      {
        to: m.morpho,
        data: encodeFunctionData({
          abi: morphoBlueAbi,
          functionName: "supplyCollateral",
          args: [tuple(m), input.collateral.amount, account, "0x"],
        }),
      },
    );
  const liquidity = m.totalSupplyAssets - m.totalBorrowAssets;
  if (input.amount > liquidity)
    throw fieldError(
      input.loc,
      `the Morpho market has ${human(liquidity > 0n ? liquidity : 0n, m.loan)} to lend now (Morpho: insufficient liquidity)`,
    );
  const bound = maxBorrow(m, posted);
  if (input.position.borrowed + input.amount > bound)
    throw fieldError(
      input.loc,
      `with ${human(posted, m.collateral)} posted the Credit Account may owe at most ${human(bound, m.loan)} in this market (LLTV ${formatDecimal(m.params.lltv, 16)} %; Morpho: insufficient collateral)`,
    );
  calls.push({
    to: m.morpho,
    data: encodeFunctionData({
      abi: morphoBlueAbi,
      functionName: "borrow",
      args: [tuple(m), input.amount, 0n, account, account],
    }),
  });
  return calls;
}

/**
 * Repay `amount` of the loan token (all of the debt, by shares, when `amount` covers it: no dust left owing)
 * and withdraw collateral if asked; Morpho refuses a withdrawal that leaves the position unhealthy.
 */
export function morphoRepayCalls(input: {
  market: MorphoCreditMarket;
  position: MorphoAccountPosition;
  account: Address;
  amount: bigint;
  withdraw?: { amount: bigint; loc: Loc };
  loc: Loc;
}): { calls: AccountCall[]; repaid: bigint } {
  const { market: m, position, account } = input;
  if (position.borrowShares === 0n && input.amount > 0n)
    throw fieldError(input.loc, `the Credit Account owes nothing in Morpho market ${m.id}`);
  const all = input.amount >= position.borrowed;
  const repaid = all ? position.borrowed : input.amount;
  const calls: AccountCall[] = [];
  if (repaid > 0n)
    calls.push(
      {
        to: m.params.loanToken,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [m.morpho, repaid] }),
      },
      {
        to: m.morpho,
        data: encodeFunctionData({
          abi: morphoBlueAbi,
          functionName: "repay",
          args: all
            ? [tuple(m), 0n, position.borrowShares, account, "0x"]
            : [tuple(m), repaid, 0n, account, "0x"],
        }),
      },
    );
  if (input.withdraw) {
    const w = input.withdraw;
    if (w.amount > position.collateral)
      throw fieldError(
        w.loc,
        `the Credit Account has ${human(position.collateral, m.collateral)} posted in this market`,
      );
    const left = position.borrowed - repaid;
    if (left > maxBorrow(m, position.collateral - w.amount))
      throw fieldError(
        w.loc,
        `withdrawing ${human(w.amount, m.collateral)} would leave ${human(left, m.loan)} owing above what the rest secures (Morpho: insufficient collateral)`,
      );
    calls.push({
      to: m.morpho,
      data: encodeFunctionData({
        abi: morphoBlueAbi,
        functionName: "withdrawCollateral",
        args: [tuple(m), w.amount, account, account],
      }),
    });
  }
  return { calls, repaid };
}

/** Morpho Blue's events about a position (EventsLib): where the account is `onBehalf` (or the borrower). */
export const MORPHO_EVENTS = {
  // onBehalf is the second indexed field
  second: [
    parseAbiItem(
      "event Borrow(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
    ),
    parseAbiItem(
      "event WithdrawCollateral(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets)",
    ),
  ],
  // onBehalf (the borrower) is the third
  third: [
    parseAbiItem(
      "event Repay(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
    ),
    parseAbiItem(
      "event SupplyCollateral(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets)",
    ),
    parseAbiItem(
      "event Liquidate(bytes32 indexed id, address indexed caller, address indexed borrower, uint256 repaidAssets, uint256 repaidShares, uint256 seizedAssets, uint256 badDebtAssets, uint256 badDebtShares)",
    ),
  ],
} as const;

export interface MorphoCreditEvent {
  type: "supply" | "withdraw" | "borrow" | "repay" | "liquidation";
  /** collateral or loan side */
  side: "collateral" | "loan";
  marketId: Hex;
  amount: bigint;
  blockNumber: bigint;
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

type Decoded = Log & { eventName: string; args: Record<string, unknown> };

/** The account's history at the singleton, in two bounded filters (its address is the 2nd or 3rd topic). */
export async function readMorphoCreditEvents(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
  account: Address,
): Promise<MorphoCreditEvent[]> {
  const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
  const topic = pad(account.toLowerCase() as Address);
  const [second, third] = (await Promise.all([
    logs.getLogs(client, { address: morpho, events: MORPHO_EVENTS.second, topics: [null, topic], fromBlock }),
    logs.getLogs(client, {
      address: morpho,
      events: MORPHO_EVENTS.third,
      topics: [null, null, topic],
      fromBlock,
    }),
  ])) as Decoded[][];
  const out: MorphoCreditEvent[] = [];
  for (const l of [...second, ...third]) {
    const base = {
      marketId: l.args.id as Hex,
      blockNumber: l.blockNumber!,
      blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
      logIndex: l.logIndex!,
      transactionHash: l.transactionHash!,
    };
    const a = (k: string) => l.args[k] as bigint;
    switch (l.eventName) {
      case "SupplyCollateral":
        out.push({ ...base, type: "supply", side: "collateral", amount: a("assets") });
        break;
      case "WithdrawCollateral":
        out.push({ ...base, type: "withdraw", side: "collateral", amount: a("assets") });
        break;
      case "Borrow":
        out.push({ ...base, type: "borrow", side: "loan", amount: a("assets") });
        break;
      case "Repay":
        out.push({ ...base, type: "repay", side: "loan", amount: a("assets") });
        break;
      case "Liquidate":
        out.push({ ...base, type: "liquidation", side: "collateral", amount: a("seizedAssets") });
        out.push({ ...base, type: "liquidation", side: "loan", amount: a("repaidAssets") });
        break;
    }
  }
  return out.sort((x, y) => Number(x.blockNumber - y.blockNumber) || x.logIndex - y.logIndex);
}
