import { aaveATokenAbi, aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Log,
  type PublicClient,
  parseAbiItem,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import { readAccountEvents } from "./events.ts";

/**
 * Aave v3 from the Earn Account: its market's contracts (the deployment's address book: `AavePool`,
 * `AaveProtocolDataProvider`), a reserve's configuration and state in one batched read, the supply and
 * withdraw calls after the protocol's own limits, and the account's supplies and withdrawals with the
 * liquidity index each happened at (the FIFO cost basis counts scaled aToken units, which interest never
 * changes).
 */

export const RAY = 10n ** 27n;

export interface AaveMarket {
  pool: Address;
  dataProvider: Address;
}

export function aaveMarket(config: Config, chain: ChainName): AaveMarket | null {
  const contracts = addressBook(config)?.chains[chain]?.contracts;
  if (!contracts?.AavePool || !contracts.AaveProtocolDataProvider) return null;
  return {
    pool: getAddress(contracts.AavePool),
    dataProvider: getAddress(contracts.AaveProtocolDataProvider),
  };
}

export function requireAaveMarket(config: Config, chain: ChainName, loc: Loc): AaveMarket {
  const market = aaveMarket(config, chain);
  if (!market) throw fieldError(loc, `Aave v3 is not configured on ${chain} in this deployment`);
  return market;
}

export interface AaveReserveState {
  asset: Erc20;
  aToken: Address;
  variableDebt: Address;
  /** percent of the asset's value it lends against as collateral, and where it is liquidated (basis points) */
  ltvBps: bigint;
  thresholdBps: bigint;
  active: boolean;
  frozen: boolean;
  paused: boolean;
  /** whole tokens; 0 = no cap */
  supplyCap: bigint;
  /** raw: aTokens outstanding (with what the treasury accrued), debt, cash the aToken holds */
  supplied: bigint;
  borrowed: bigint;
  available: bigint;
  /** ray, annual */
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  /** ray: the liquidity index for the next block (what a supply or withdrawal now would use) */
  normalizedIncome: bigint;
}

/** A reserve's configuration and state, in one batched read; null when `asset` is no reserve of the market. */
export async function readAaveReserve(
  client: PublicClient,
  market: AaveMarket,
  asset: Erc20,
): Promise<AaveReserveState | null> {
  const dp = {
    address: market.dataProvider,
    abi: aaveProtocolDataProviderAbi,
    blockTag: NEXT_BLOCK,
  } as const;
  // a token the market does not list has no aToken; the other reads are only meaningful for a reserve
  const [aToken, , variableDebt] = await client.readContract({
    ...dp,
    functionName: "getReserveTokensAddresses",
    args: [asset.address],
  });
  if (aToken === zeroAddress) return null;
  const [config, caps, paused, data, income, available] = await Promise.all([
    client.readContract({ ...dp, functionName: "getReserveConfigurationData", args: [asset.address] }),
    client.readContract({ ...dp, functionName: "getReserveCaps", args: [asset.address] }),
    client.readContract({ ...dp, functionName: "getPaused", args: [asset.address] }),
    client.readContract({ ...dp, functionName: "getReserveData", args: [asset.address] }),
    client.readContract({
      address: market.pool,
      abi: aavePoolAbi,
      functionName: "getReserveNormalizedIncome",
      args: [asset.address],
      blockTag: NEXT_BLOCK,
    }),
    client.readContract({
      address: asset.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [aToken],
      blockTag: NEXT_BLOCK,
    }),
  ]);
  const [, ltv, threshold, , , , , , active, frozen] = config;
  const [, supplyCap] = caps;
  const [
    ,
    accruedToTreasuryScaled,
    totalAToken,
    totalStableDebt,
    totalVariableDebt,
    liquidityRate,
    variableBorrowRate,
  ] = data;
  return {
    asset,
    aToken,
    variableDebt,
    ltvBps: ltv,
    thresholdBps: threshold,
    active,
    frozen,
    paused,
    supplyCap,
    supplied: totalAToken + (accruedToTreasuryScaled * income) / RAY,
    borrowed: totalStableDebt + totalVariableDebt,
    available,
    liquidityRate,
    variableBorrowRate,
    normalizedIncome: income,
  };
}

/** An inactive or paused reserve takes nothing; a frozen one takes no new supply (withdrawals stay open). */
export function assertReserveOpen(reserve: AaveReserveState, action: "DEPOSIT" | "WITHDRAW", loc: Loc): void {
  const name = `the Aave ${reserve.asset.symbol} reserve`;
  if (!reserve.active) throw fieldError(loc, `${name} is not active (Aave: RESERVE_INACTIVE)`);
  if (reserve.paused) throw fieldError(loc, `${name} is paused (Aave: RESERVE_PAUSED)`);
  if (action === "DEPOSIT" && reserve.frozen)
    throw fieldError(loc, `${name} is frozen: it accepts no new supply (Aave: RESERVE_FROZEN)`);
}

const fmt = (raw: bigint, token: Erc20) => `${formatUnits(raw, token.decimals)} ${token.symbol}`;

/**
 * The account's calls to supply `amount` to the reserve or withdraw it, after what the protocol would refuse:
 * an inactive or paused reserve, a frozen one (no new supply; withdrawals stay open), the supply cap, the
 * account's aToken balance and the cash the reserve holds. A refusal is a 422 on `loc` with Aave's reason.
 */
export async function aaveCalls(input: {
  client: PublicClient;
  reserve: AaveReserveState;
  market: AaveMarket;
  account: Address;
  action: "DEPOSIT" | "WITHDRAW";
  amount: bigint;
  loc: Loc;
  tokenLoc: Loc;
  /** judge a withdrawal against the account's balance now (false in a bundle) */
  checkBalance: boolean;
}): Promise<AccountCall[]> {
  const { reserve, amount, loc } = input;
  const name = `the Aave ${reserve.asset.symbol} reserve`;
  assertReserveOpen(reserve, input.action, input.tokenLoc);
  if (input.action === "DEPOSIT") {
    if (reserve.supplyCap > 0n) {
      const cap = reserve.supplyCap * 10n ** BigInt(reserve.asset.decimals);
      const room = cap > reserve.supplied ? cap - reserve.supplied : 0n;
      if (amount > room)
        throw fieldError(
          loc,
          room === 0n
            ? `${name} is at its supply cap of ${reserve.supplyCap} ${reserve.asset.symbol} (Aave: SUPPLY_CAP_EXCEEDED)`
            : `${name} accepts at most ${fmt(room, reserve.asset)} more before its supply cap of ${reserve.supplyCap} ${reserve.asset.symbol} (Aave: SUPPLY_CAP_EXCEEDED)`,
        );
    }
    return [
      {
        to: reserve.asset.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [input.market.pool, amount],
        }),
      },
      {
        to: input.market.pool,
        data: encodeFunctionData({
          abi: aavePoolAbi,
          functionName: "supply",
          args: [reserve.asset.address, amount, input.account, 0],
        }),
      },
    ];
  }
  if (input.checkBalance) {
    const held = await input.client.readContract({
      address: reserve.aToken,
      abi: aaveATokenAbi,
      functionName: "balanceOf",
      args: [input.account],
      blockTag: NEXT_BLOCK,
    });
    if (amount > held)
      throw fieldError(loc, `the Earn Account has ${fmt(held, reserve.asset)} supplied to ${name}`);
  }
  if (amount > reserve.available)
    throw fieldError(
      loc,
      `${name} holds ${fmt(reserve.available, reserve.asset)} of cash now; the rest is lent out (Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE)`,
    );
  return [
    {
      to: input.market.pool,
      data: encodeFunctionData({
        abi: aavePoolAbi,
        functionName: "withdraw",
        args: [reserve.asset.address, amount, input.account],
      }),
    },
  ];
}

export const AAVE_RESERVE_DATA_UPDATED_EVENT = parseAbiItem(
  "event ReserveDataUpdated(address indexed reserve, uint256 liquidityRate, uint256 stableBorrowRate, uint256 variableBorrowRate, uint256 liquidityIndex, uint256 variableBorrowIndex)",
);

/** A supply or withdrawal of the account, with the reserve's liquidity index of its block (ray). */
export interface AaveFlow {
  kind: "deposit" | "withdrawal";
  reserve: Address;
  amount: bigint;
  /** amount in scaled aToken units: what the FIFO lots count */
  scaled: bigint;
  blockNumber: bigint;
  /** when the node returns it with the log: no block read for the time */
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

/**
 * The liquidity index each reserve was updated to in a transaction, by chain and transaction hash: a mined
 * transaction's receipt never changes, so each is read once however often the account's positions are.
 */
const txIndexes = new Map<string, Map<string, bigint>>();

/** `amount` in scaled units at `index`, rounded as Aave's rayDiv rounds. */
export const scaledOf = (amount: bigint, index: bigint) => (amount * RAY + index / 2n) / index;

/**
 * Every supply on behalf of the account and every withdrawal it made, at any reserve of the market. The index
 * comes from the `ReserveDataUpdated` the pool emits in the same transaction (updateState runs first), read
 * from the transaction's receipt — no archive state needed.
 */
export async function readAaveFlows(
  client: PublicClient,
  logs: LogReader,
  market: AaveMarket,
  account: Address,
): Promise<AaveFlow[]> {
  const events = await readAccountEvents(client, logs, account);
  const atPool = (l: Log) => l.address.toLowerCase() === market.pool.toLowerCase();
  const [supplies, withdrawals] = [
    events.aaveSupplies.filter(atPool),
    events.aaveWithdrawals.filter(atPool),
  ] as unknown as {
    args: { reserve: Address; amount: bigint };
    blockNumber: bigint;
    blockTimestamp?: bigint | null;
    logIndex: number;
    transactionHash: `0x${string}`;
  }[][];
  const chainId = client.chain!.id;
  const missing = [...new Set([...supplies!, ...withdrawals!].map((l) => l.transactionHash))].filter(
    (hash) => !txIndexes.has(`${chainId}:${hash}`),
  );
  await Promise.all(
    missing.map(async (hash) => {
      const receipt = await client.getTransactionReceipt({ hash });
      const updates = parseEventLogs({
        abi: [AAVE_RESERVE_DATA_UPDATED_EVENT],
        logs: receipt.logs.filter((l) => l.address.toLowerCase() === market.pool.toLowerCase()),
      });
      if (txIndexes.size > 10_000) txIndexes.clear();
      txIndexes.set(
        `${chainId}:${hash}`,
        new Map(updates.map((u) => [u.args.reserve.toLowerCase(), u.args.liquidityIndex])),
      );
    }),
  );
  const indexOf = (hash: `0x${string}`, reserve: Address): bigint => {
    const index = txIndexes.get(`${chainId}:${hash}`)?.get(reserve.toLowerCase());
    if (index === undefined) throw new Error(`no ReserveDataUpdated for ${reserve} in ${hash}`);
    return index;
  };
  const flow = (kind: AaveFlow["kind"]) => (l: (typeof supplies)[number]) => {
    const reserve = getAddress(l.args.reserve);
    return {
      kind,
      reserve,
      amount: l.args.amount,
      scaled: scaledOf(l.args.amount, indexOf(l.transactionHash, reserve)),
      blockNumber: l.blockNumber,
      blockTimestamp: l.blockTimestamp,
      logIndex: l.logIndex,
      transactionHash: l.transactionHash,
    };
  };
  return [...supplies!.map(flow("deposit")), ...withdrawals!.map(flow("withdrawal"))].sort(
    (a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex,
  );
}

export const readAaveReserveOrThrow = async (
  client: PublicClient,
  chain: ChainName,
  market: AaveMarket,
  asset: Erc20,
  loc: Loc,
): Promise<AaveReserveState> => {
  const reserve = await readAaveReserve(client, market, asset).catch((e) => rethrowRpc(chain, e));
  if (!reserve) throw fieldError(loc, `${asset.symbol} is not a reserve of Aave v3 on ${chain}`);
  return reserve;
};
