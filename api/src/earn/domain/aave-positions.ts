import { type Address, erc20Abi, formatUnits, type Log, type PublicClient } from "viem";
import { resolveErc20 } from "../../chain/erc20.ts";
import { rayRateToApyPercent } from "../../chain/history.ts";
import type { LogReader } from "../../chain/log-reader.ts";
import { blockTimes } from "../../chain/logs.ts";
import { NEXT_BLOCK } from "../../chain/next-block.ts";
import type { Config } from "../../config/env.ts";
import type { ChainName } from "../../schemas/common.ts";
import { aaveMarket, readAaveFlows, readAaveReserve } from "./aave.ts";
import { fifoHistory, usdValue } from "./vault-positions.ts";

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
}) {
  const market = aaveMarket(input.config, input.chain);
  if (!market) return [];
  const { client, account } = input;
  const flows = await readAaveFlows(client, input.logs, market, account);
  if (!flows.length) return [];
  const reserves = [...new Set(flows.map((f) => f.reserve))];
  const [states, times] = await Promise.all([
    Promise.all(
      reserves.map(async (address) => {
        const asset = await resolveErc20(input.config, client, input.chain, address, ["reserve"]);
        const reserve = (await readAaveReserve(client, market, asset))!;
        const [balance, aSymbol, price] = await Promise.all([
          client.readContract({
            address: reserve.aToken,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [account],
            blockTag: NEXT_BLOCK,
          }),
          client.readContract({ address: reserve.aToken, abi: erc20Abi, functionName: "symbol" }),
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
