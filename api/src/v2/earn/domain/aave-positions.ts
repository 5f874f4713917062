import { type Address, erc20Abi, formatUnits, type Log, type PublicClient } from "viem";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AaveFlow,
  type AaveMarket,
  aaveATokenOf,
  aaveFlowsOf,
  aaveMarket,
  rayRateToApyPercent,
  readAaveReserveData,
} from "../../../protocols/aave/index.ts";
import { readAccountEvents } from "./events.ts";
import { fifoHistory, usdValue } from "./vault-positions.ts";

/**
 * The Earn Account's supplies and withdrawals at the market's pool, in scaled aToken units (what its FIFO cost
 * basis counts: interest never changes them), from the account's events.
 */
export async function readAaveFlows(
  client: PublicClient,
  logs: LogReader,
  market: AaveMarket,
  account: Address,
): Promise<AaveFlow[]> {
  const events = await readAccountEvents(client, logs, account);
  return aaveFlowsOf(client, market, { supplies: events.aaveSupplies, withdrawals: events.aaveWithdrawals });
}

/**
 * The account's Aave v3 positions (spec A1 AavePosition): one per reserve it ever supplied to, from the pool's
 * Supply and Withdraw events. `balance` is its aToken balance (interest included); the FIFO lots count scaled
 * aTokens, so interest shows as unrealised profit and a withdrawal realises the interest on what it takes.
 */
export async function readAavePositions(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  account: Address;
  price: (token: Address) => Promise<bigint | null>;
  /** resolves once every protocol's events are read (see readEarnPositions) */
  ready?: Promise<unknown>;
}) {
  const market = aaveMarket(input.config, input.chain);
  if (!market) return [];
  const { client, account } = input;
  const [flows] = await Promise.all([readAaveFlows(client, input.logs, market, account), input.ready]);
  if (!flows.length) return [];
  const reserves = [...new Set(flows.map((f) => f.reserve))];
  const [states, times] = await Promise.all([
    Promise.all(
      reserves.map(async (address) => {
        const asset = await resolveErc20(input.config, client, input.chain, address, ["reserve"]);
        const { aToken, aSymbol } = await aaveATokenOf(client, market, asset.address);
        const [balance, reserve, price] = await Promise.all([
          client.readContract({
            address: aToken,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [account],
            blockTag: NEXT_BLOCK,
          }),
          readAaveReserveData(client, market, asset.address, NEXT_BLOCK),
          input.price(asset.address),
        ]);
        return { asset, reserve, balance, aSymbol, price };
      }),
    ),
    blockTimes(client, flows as unknown as Log[]),
  ]);
  return states.map(({ asset, reserve, balance, aSymbol, price }) => ({
    type: "AAVE" as const,
    reserve_address: asset.address,
    reserve_symbol: asset.symbol,
    balance: formatUnits(balance, asset.decimals),
    usd_value: usdValue(balance, asset.decimals, price),
    ...fifoHistory(
      flows
        .filter((f) => f.reserve === asset.address)
        .map((f) => ({ ...f, units: f.scaled, time: times.get(f.blockNumber)! })),
      { symbol: asset.symbol, decimals: asset.decimals },
      // aTokens are paid 1:1 for the asset: events show the aTokens moved, lots count their scaled units
      { symbol: aSymbol, decimals: asset.decimals, shown: (f) => f.amount },
      balance,
    ),
    apy: rayRateToApyPercent(reserve.liquidityRate).toFixed(4),
  }));
}
