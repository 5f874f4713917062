import { type Address, erc20Abi, formatUnits, type Log, type PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { RequestValidationError } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { SAFE } from "../../../product-accounts/index.ts";
import {
  impliedApyPercent,
  type PendleDeployment,
  type PendleMarket,
  type PtFlow,
  readPendleMarket,
  readPendleState,
  readPtFlows,
} from "../../../protocols/pendle/index.ts";
import { fifoHistory, usdValue } from "./vault-positions.ts";

/**
 * The account's PT trades through the router (protocols/pendle readPtFlows), from the Safe factory's deployment
 * (no account predates it).
 */
export async function readAccountPtFlows(
  client: PublicClient,
  logs: LogReader,
  pendle: PendleDeployment,
  account: Address,
  /** the head the account's other events were read to, so both end at the same block */
  toBlock?: bigint,
): Promise<PtFlow[]> {
  const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
  return readPtFlows(client, logs, pendle, account, fromBlock, toBlock);
}

/**
 * The account's PT positions (spec A1 PendlePTPosition), one per market it ever bought PT in: `pt_balance`
 * from the PT itself, PnL in SY terms against FIFO lots of PT (each bought for the SY its trade minted),
 * `current_pt_to_sy_rate` and `implied_apy` from the market now, `usd_value` at the PT's asset price.
 */
export async function readPendlePositions(input: {
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  pendle: PendleDeployment | null;
  account: Address;
  price: (token: Address) => Promise<bigint | null>;
  /** the account's PT trades, when the caller reads them already (readEarnPositions) */
  flows?: Promise<PtFlow[]>;
  /** resolves once every protocol's events are read (see readEarnPositions) */
  ready?: Promise<unknown>;
}) {
  const { client, pendle, account } = input;
  if (!pendle) return [];
  const [flows] = await Promise.all([
    input.flows ?? readAccountPtFlows(client, input.logs, pendle, account),
    input.ready,
  ]);
  if (!flows.length) return [];
  const addresses = [...new Set(flows.flatMap((f) => (f.market ? [f.market] : [])))];
  const [states, times] = await Promise.all([
    Promise.all(
      addresses.map(async (address) => {
        const market = await readPendleMarket(client, input.chain, pendle, address, ["market"]).catch(
          (error) => {
            // an event of a market the factory does not vouch for: not a position
            if (error instanceof RequestValidationError) return null;
            throw error;
          },
        );
        if (!market) return null;
        const [balance, state, price, symbols] = await Promise.all([
          client.readContract({
            address: market.pt.address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [account],
            blockTag: NEXT_BLOCK,
          }),
          readPendleState(client, pendle, market),
          input.price(market.asset.address),
          tokenSymbols(client, market, flows),
        ]);
        return { market, balance, state, price, symbols };
      }),
    ),
    blockTimes(client, flows as unknown as Log[]),
  ]);
  return states
    .filter((s) => s !== null)
    .map(({ market, balance, state, price, symbols }) => {
      const mine = flows.filter((f) => f.market === market.address || f.yt === market.yt);
      const currentSy = (balance * state.ptToSy) / 10n ** 18n;
      const inAsset = (balance * state.ptToAsset) / 10n ** 18n;
      const apy = impliedApyPercent(state);
      const history = fifoHistory(
        mine.map((f) => ({
          kind: f.kind,
          amount: f.sy,
          units: f.pt,
          blockNumber: f.blockNumber,
          time: times.get(f.blockNumber)!,
          transactionHash: f.transactionHash,
          leg: { amount: f.tokenAmount, ...symbols.get(f.token)! },
        })),
        { symbol: market.sy.symbol, decimals: market.sy.decimals },
        { symbol: market.pt.symbol, decimals: market.pt.decimals },
        currentSy,
        true,
      );
      return {
        type: "PENDLE_PT" as const,
        market_address: market.address,
        pt_address: market.pt.address,
        underlying_symbol: market.asset.symbol,
        underlying_address: market.asset.address,
        yield_token_address: market.yt,
        pt_balance: formatUnits(balance, market.pt.decimals),
        expiry: market.expiry,
        current_pt_to_sy_rate: formatUnits(state.ptToSy, 18),
        usd_value: usdValue(inAsset, market.asset.decimals, price),
        pnl: history.pnl,
        deposits: history.deposits,
        withdrawals: history.withdrawals.map((w) => ({ ...w, cost_per_unit: w.cost_per_unit ?? "0" })),
        ...(apy === null ? {} : { implied_apy: formatDecimal(BigInt(Math.round(apy * 1e6)), 6, 4) }),
      };
    });
}

/** Symbols and decimals of the tokens the account traded PT for (the market's asset is known already). */
async function tokenSymbols(client: PublicClient, market: PendleMarket, flows: PtFlow[]) {
  const known = new Map<Address, { symbol: string; decimals: number }>([
    [market.asset.address, { symbol: market.asset.symbol, decimals: market.asset.decimals }],
    [market.sy.address, { symbol: market.sy.symbol, decimals: market.sy.decimals }],
  ]);
  const others = [...new Set(flows.map((f) => f.token))].filter((t) => !known.has(t));
  await Promise.all(
    others.map(async (token) => {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
        client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
      ]);
      known.set(token, { symbol, decimals: Number(decimals) });
    }),
  );
  return known;
}
