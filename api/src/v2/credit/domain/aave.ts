import { aaveOracleAbi, aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Log,
  type PublicClient,
  pad,
  parseAbiItem,
} from "viem";
import { rayRateToApyPercent } from "../../../kernel/chain/history.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, SAFE } from "../../../product-accounts/index.ts";

/**
 * Aave v3 from the Credit Account: the market's reserves and the account's place in each (aTokens supplied,
 * variable debt), its account data as the pool computes it (health factor, borrowing power), its history from
 * the pool's events, and the supply/borrow/repay/withdraw calls after the protocol's own limits.
 */

export interface AaveCreditMarket {
  pool: Address;
  dataProvider: Address;
  oracle: Address;
}

export function aaveCreditMarket(config: Config, chain: ChainName, loc: Loc): AaveCreditMarket {
  const c = addressBook(config)?.chains[chain]?.contracts;
  if (!c?.AavePool || !c.AaveProtocolDataProvider || !c.AaveOracle)
    throw fieldError(loc, `Aave v3 is not configured on ${chain} in this deployment`);
  return {
    pool: getAddress(c.AavePool),
    dataProvider: getAddress(c.AaveProtocolDataProvider),
    oracle: getAddress(c.AaveOracle),
  };
}

/** One reserve of the market as the account sees it; amounts raw, rates ray, price 8-decimal USD. */
export interface CreditReserve {
  asset: Address;
  symbol: string;
  decimals: number;
  aToken: Address;
  supplied: bigint;
  variableDebt: bigint;
  stableDebt: bigint;
  usedAsCollateral: boolean;
  ltvBps: bigint;
  thresholdBps: bigint;
  borrowingEnabled: boolean;
  active: boolean;
  frozen: boolean;
  paused: boolean;
  /** the reserve's cash: what can be borrowed or withdrawn now */
  cash: bigint;
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  priceUsd8: bigint;
}

export interface AaveAccountData {
  totalCollateralUsd8: bigint;
  totalDebtUsd8: bigint;
  availableBorrowsUsd8: bigint;
  thresholdBps: bigint;
  ltvBps: bigint;
  /** 1e18 = 1; uint256 max when there is no debt */
  healthFactor: bigint;
  emode: bigint;
}

/** Every reserve of the market with the account's balances in it, and the pool's account data: one multicall. */
export async function readAaveAccount(
  client: PublicClient,
  market: AaveCreditMarket,
  account: Address,
): Promise<{ reserves: CreditReserve[]; data: AaveAccountData }> {
  const at = { blockTag: NEXT_BLOCK } as const;
  const assets = await client.readContract({
    address: market.pool,
    abi: aavePoolAbi,
    functionName: "getReservesList",
    ...at,
  });
  const dp = { address: market.dataProvider, abi: aaveProtocolDataProviderAbi } as const;
  const perReserve = assets.flatMap((asset) => [
    { ...dp, functionName: "getUserReserveData", args: [asset, account] },
    { ...dp, functionName: "getReserveConfigurationData", args: [asset] },
    { ...dp, functionName: "getReserveData", args: [asset] },
    { ...dp, functionName: "getReserveTokensAddresses", args: [asset] },
    { ...dp, functionName: "getPaused", args: [asset] },
    { address: market.oracle, abi: aaveOracleAbi, functionName: "getAssetPrice", args: [asset] },
    { address: asset, abi: erc20Abi, functionName: "symbol" },
  ]);
  const results = (await client.multicall({
    allowFailure: false,
    ...at,
    contracts: [
      ...perReserve,
      { address: market.pool, abi: aavePoolAbi, functionName: "getUserAccountData", args: [account] },
      { address: market.pool, abi: aavePoolAbi, functionName: "getUserEMode", args: [account] },
    ] as never,
  })) as unknown[];
  const tokens = assets.map((_, i) => results[i * 7 + 3] as readonly [Address, Address, Address]);
  const cash = await client.multicall({
    allowFailure: false,
    ...at,
    contracts: assets.map((asset, i) => ({
      address: asset,
      abi: erc20Abi,
      functionName: "balanceOf" as const,
      args: [tokens[i]![0]] as const,
    })),
  });
  const reserves = assets.map((asset, i): CreditReserve => {
    const user = results[i * 7] as readonly bigint[] & { 8: boolean };
    const config = results[i * 7 + 1] as readonly [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      boolean,
      boolean,
      boolean,
      boolean,
      boolean,
    ];
    const data = results[i * 7 + 2] as readonly bigint[];
    return {
      asset: getAddress(asset),
      symbol: results[i * 7 + 6] as string,
      decimals: Number(config[0]),
      aToken: tokens[i]![0],
      supplied: user[0]!,
      stableDebt: user[1]!,
      variableDebt: user[2]!,
      usedAsCollateral: user[8],
      ltvBps: config[1],
      thresholdBps: config[2],
      borrowingEnabled: config[6],
      active: config[8],
      frozen: config[9],
      paused: results[i * 7 + 4] as boolean,
      cash: cash[i]!,
      liquidityRate: data[5]!,
      variableBorrowRate: data[6]!,
      priceUsd8: results[i * 7 + 5] as bigint,
    };
  });
  const [collateral, debt, available, threshold, ltv, health] = results[
    assets.length * 7
  ] as readonly bigint[];
  return {
    reserves,
    data: {
      totalCollateralUsd8: collateral!,
      totalDebtUsd8: debt!,
      availableBorrowsUsd8: available!,
      thresholdBps: threshold!,
      ltvBps: ltv!,
      healthFactor: health!,
      emode: results[assets.length * 7 + 1] as bigint,
    },
  };
}

/** A reserve by symbol or address, or a 422 on `loc` naming what the market lists. */
export function findReserve(
  reserves: CreditReserve[],
  text: string,
  chain: ChainName,
  loc: Loc,
): CreditReserve {
  const found = /^0x/i.test(text)
    ? reserves.find((r) => r.asset.toLowerCase() === text.toLowerCase())
    : reserves.find((r) => r.symbol.toUpperCase() === text.toUpperCase());
  if (!found)
    throw fieldError(
      loc,
      `${text} is not a reserve of Aave v3 on ${chain} (reserves: ${reserves.map((r) => r.symbol).join(", ")})`,
    );
  return found;
}

export const AAVE_CREDIT_EVENTS = {
  supply: parseAbiItem(
    "event Supply(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint16 indexed referralCode)",
  ),
  withdraw: parseAbiItem(
    "event Withdraw(address indexed reserve, address indexed user, address indexed to, uint256 amount)",
  ),
  borrow: parseAbiItem(
    "event Borrow(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint8 interestRateMode, uint256 borrowRate, uint16 indexed referralCode)",
  ),
  repay: parseAbiItem(
    "event Repay(address indexed reserve, address indexed user, address indexed repayer, uint256 amount, bool useATokens)",
  ),
} as const;
export const AAVE_LIQUIDATION_EVENT = parseAbiItem(
  "event LiquidationCall(address indexed collateralAsset, address indexed debtAsset, address indexed user, uint256 debtToCover, uint256 liquidatedCollateralAmount, address liquidator, bool receiveAToken)",
);

export interface AaveCreditEvent {
  type: "supply" | "withdraw" | "borrow" | "repay" | "liquidation";
  /** the reserve whose balance it moved (a liquidation moves two: one entry for each) */
  reserve: Address;
  amount: bigint;
  blockNumber: bigint;
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

export type AavePoolLog = Log & { eventName: string; args: Record<string, unknown> };

/**
 * An address's logs at the pool, oldest first: supplies on its behalf, its withdrawals, borrows on its behalf
 * and repayments of its debt — all four index it right after the reserve, so one filter pages them — and
 * liquidations of it. Those index it third, and a filter's topics cannot say "second or third", so they take a
 * second filter.
 */
export async function readAavePoolLogs(
  client: PublicClient,
  logs: LogReader,
  pool: Address,
  account: Address,
  fromBlock: bigint,
): Promise<AavePoolLog[]> {
  const [own, liquidations] = (await Promise.all([
    logs.getLogs(client, {
      address: pool,
      events: Object.values(AAVE_CREDIT_EVENTS),
      topics: [null, pad(account.toLowerCase() as Address)],
      fromBlock,
    }),
    logs.getLogs(client, {
      address: pool,
      event: AAVE_LIQUIDATION_EVENT,
      args: { user: account },
      fromBlock,
    }),
  ])) as AavePoolLog[][];
  return [...own, ...liquidations].sort(
    (a, b) => Number(a.blockNumber! - b.blockNumber!) || a.logIndex! - b.logIndex!,
  );
}

/**
 * The account's history at the pool as balance moves (a liquidation moves two reserves: one entry for each),
 * from the Safe factory's deployment (no account predates it).
 */
export async function readAaveCreditEvents(
  client: PublicClient,
  logs: LogReader,
  market: AaveCreditMarket,
  account: Address,
): Promise<AaveCreditEvent[]> {
  const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
  const events: AaveCreditEvent[] = [];
  for (const l of await readAavePoolLogs(client, logs, market.pool, account, fromBlock)) {
    const base = {
      blockNumber: l.blockNumber!,
      blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
      logIndex: l.logIndex!,
      transactionHash: l.transactionHash!,
    };
    if (l.eventName !== "LiquidationCall") {
      events.push({
        type: l.eventName.toLowerCase() as AaveCreditEvent["type"],
        reserve: getAddress(l.args.reserve as Address),
        amount: l.args.amount as bigint,
        ...base,
      });
      continue;
    }
    events.push({
      type: "liquidation",
      reserve: getAddress(l.args.collateralAsset as Address),
      amount: l.args.liquidatedCollateralAmount as bigint,
      ...base,
    });
    events.push({
      type: "liquidation",
      reserve: getAddress(l.args.debtAsset as Address),
      amount: l.args.debtToCover as bigint,
      ...base,
    });
  }
  return events;
}

/** Percent with two decimals from basis points ("77.00"). */
export const bpsPercent = (bps: bigint) => cents(bps);
/** USD from the oracle's 8 decimals, to the cent, rounded down ("1234.50"). */
export const usd8 = (value: bigint) => cents(value / 10n ** 6n);
/** A count of hundredths as a decimal with exactly two places. */
function cents(hundredths: bigint): string {
  const sign = hundredths < 0n ? "-" : "";
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
export const apy = (ray: bigint) => rayRateToApyPercent(ray).toFixed(4);
/** USD value (8 decimals) of a raw amount at the oracle price. */
export const valueUsd8 = (r: CreditReserve, amount: bigint) =>
  (amount * r.priceUsd8) / 10n ** BigInt(r.decimals);

const human = (r: CreditReserve, raw: bigint) => `${formatDecimal(raw, r.decimals)} ${r.symbol}`;

/**
 * What the account may borrow of a reserve now: its borrowing power (available borrows, in USD) at the
 * reserve's price, within the reserve's cash; 0 when borrowing is off or the reserve is frozen or paused.
 */
export function maxBorrowable(r: CreditReserve, data: AaveAccountData): bigint {
  if (!r.borrowingEnabled || !r.active || r.frozen || r.paused || r.priceUsd8 === 0n) return 0n;
  const power = (data.availableBorrowsUsd8 * 10n ** BigInt(r.decimals)) / r.priceUsd8;
  return power < r.cash ? power : r.cash;
}

/**
 * Supply `amount` of `collateral` (already in the account) and borrow `borrowAmount` of `debt`, after what the
 * pool would refuse: the reserves' state, borrowing disabled, a collateral with LTV 0, the reserve's cash and
 * the account's borrowing power with the new collateral counted (the pool's own check, at its prices).
 */
export function borrowCalls(input: {
  market: AaveCreditMarket;
  account: Address;
  data: AaveAccountData;
  collateral?: { reserve: CreditReserve; amount: bigint; loc: Loc };
  debt: CreditReserve;
  borrowAmount: bigint;
  loc: { token: Loc; amount: Loc };
}): AccountCall[] {
  const { market, account, debt, collateral } = input;
  const calls: AccountCall[] = [];
  let power = input.data.availableBorrowsUsd8;
  if (collateral) {
    const c = collateral.reserve;
    assertOpen(c, "supply", collateral.loc);
    if (c.ltvBps === 0n)
      throw fieldError(collateral.loc, `${c.symbol} cannot be borrowed against on Aave v3 (its LTV is 0)`);
    calls.push(
      {
        to: c.asset,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [market.pool, collateral.amount],
        }),
      },
      {
        to: market.pool,
        data: encodeFunctionData({
          abi: aavePoolAbi,
          functionName: "supply",
          args: [c.asset, collateral.amount, account, 0],
        }),
      },
    );
    power += (valueUsd8(c, collateral.amount) * c.ltvBps) / 10_000n;
  }
  assertOpen(debt, "borrow", input.loc.token);
  if (!debt.borrowingEnabled)
    throw fieldError(input.loc.token, `${debt.symbol} cannot be borrowed on Aave v3 (BORROWING_NOT_ENABLED)`);
  if (input.borrowAmount > debt.cash)
    throw fieldError(
      input.loc.amount,
      `the Aave ${debt.symbol} reserve holds ${human(debt, debt.cash)} of cash now (Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE)`,
    );
  const needed = valueUsd8(debt, input.borrowAmount);
  if (needed > power)
    throw fieldError(
      input.loc.amount,
      `the Credit Account can borrow about ${human(debt, (power * 10n ** BigInt(debt.decimals)) / debt.priceUsd8)} with its collateral (Aave: COLLATERAL_CANNOT_COVER_NEW_BORROW)`,
    );
  calls.push({
    to: market.pool,
    data: encodeFunctionData({
      abi: aavePoolAbi,
      functionName: "borrow",
      args: [debt.asset, input.borrowAmount, 2n, 0, account],
    }),
  });
  return calls;
}

/** Repay `amount` of the account's variable debt (at most what it owes), then withdraw collateral if asked. */
export function repayCalls(input: {
  market: AaveCreditMarket;
  account: Address;
  debt: CreditReserve;
  amount: bigint;
  withdraw?: { reserve: CreditReserve; amount: bigint; loc: Loc };
  loc: { token: Loc; amount: Loc };
}): AccountCall[] {
  const { market, account, debt } = input;
  assertOpen(debt, "repay", input.loc.token);
  if (debt.variableDebt === 0n)
    throw fieldError(input.loc.token, `the Credit Account owes no ${debt.symbol} on Aave v3`);
  const calls: AccountCall[] = [
    {
      to: debt.asset,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [market.pool, input.amount] }),
    },
    {
      to: market.pool,
      data: encodeFunctionData({
        abi: aavePoolAbi,
        functionName: "repay",
        args: [debt.asset, input.amount, 2n, account],
      }),
    },
  ];
  const w = input.withdraw;
  if (w) {
    assertOpen(w.reserve, "withdraw", w.loc);
    if (w.amount > w.reserve.supplied)
      throw fieldError(
        w.loc,
        `the Credit Account has ${human(w.reserve, w.reserve.supplied)} supplied to Aave v3`,
      );
    if (w.amount > w.reserve.cash)
      throw fieldError(
        w.loc,
        `the Aave ${w.reserve.symbol} reserve holds ${human(w.reserve, w.reserve.cash)} of cash now (Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE)`,
      );
    calls.push({
      to: market.pool,
      data: encodeFunctionData({
        abi: aavePoolAbi,
        functionName: "withdraw",
        args: [w.reserve.asset, w.amount, account],
      }),
    });
  }
  return calls;
}

export function assertOpen(r: CreditReserve, what: string, loc: Loc) {
  const name = `the Aave ${r.symbol} reserve`;
  if (!r.active) throw fieldError(loc, `${name} is not active (Aave: RESERVE_INACTIVE)`);
  if (r.paused) throw fieldError(loc, `${name} is paused (Aave: RESERVE_PAUSED)`);
  if (r.frozen && (what === "supply" || what === "borrow"))
    throw fieldError(loc, `${name} is frozen: no new ${what} (Aave: RESERVE_FROZEN)`);
}
