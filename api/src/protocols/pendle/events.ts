import { pendleMarketFactoryAbi, pendleRouterMiscAbi, pendleRouterSwapPtAbi } from "@compass/constants";
import { type Address, getAddress, type Log, type PublicClient, pad, parseAbiItem } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { PendleDeployment } from "./deployment.ts";

/** The market factory's record of each market it creates. */
export const CREATE_NEW_MARKET = pendleMarketFactoryAbi.find(
  (item): item is Extract<(typeof pendleMarketFactoryAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "CreateNewMarket",
)!;

/** The router's trade events: the trader is their `caller` (a Safe executing the call, or the wallet). */
export const SWAP_PT_AND_TOKEN = pendleRouterSwapPtAbi.find(
  (item): item is Extract<(typeof pendleRouterSwapPtAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "SwapPtAndToken",
)!;
export const REDEEM_PY_TO_TOKEN = pendleRouterMiscAbi.find(
  (item): item is Extract<(typeof pendleRouterMiscAbi)[number], { type: "event" }> =>
    item.type === "event" && item.name === "RedeemPyToToken",
);

/** A market's Swap: a PT bought pays the buyer (`receiver`, the second topic). */
export const PENDLE_MARKET_SWAP_EVENT = parseAbiItem(
  "event Swap(address indexed caller, address indexed receiver, int256 netPtOut, int256 netSyOut, uint256 netSyFee, uint256 netSyToReserve)",
);

/** A YT's record of the SY interest index each time it updates it. */
export const NEW_INTEREST_INDEX = parseAbiItem("event NewInterestIndex(uint256 indexed newIndex)");

/** One PT trade of an account, in chain order: SY is what the PT cost or fetched. */
export interface PtFlow {
  kind: "deposit" | "withdrawal";
  market: Address | null;
  yt: Address | null;
  pt: bigint;
  sy: bigint;
  token: Address;
  tokenAmount: bigint;
  blockNumber: bigint;
  /** when the node returns it with the log: no block read for the time */
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

type RouterLog = Log<bigint, number, false> & {
  eventName: string;
  args: {
    market?: Address;
    YT?: Address;
    token?: Address;
    tokenOut?: Address;
    netPtToAccount?: bigint;
    netTokenToAccount?: bigint;
    netPyIn?: bigint;
    netTokenOut?: bigint;
    netSyInterm: bigint;
  };
};

/**
 * An account's PT trades through the router: `SwapPtAndToken` (buys and sales before expiry) and
 * `RedeemPyToToken` (redemptions after it), both with the account as `caller` — one eth_getLogs at the
 * router from `fromBlock`.
 */
export async function readPtFlows(
  client: PublicClient,
  logs: LogReader,
  pendle: PendleDeployment,
  account: Address,
  fromBlock: bigint,
  /** the head the account's other events were read to, so both end at the same block */
  toBlock?: bigint,
): Promise<PtFlow[]> {
  const found = (await logs.getLogs(client, {
    address: pendle.router,
    events: [SWAP_PT_AND_TOKEN, REDEEM_PY_TO_TOKEN!],
    topics: [pad(account.toLowerCase() as Address)],
    fromBlock,
    toBlock,
  })) as RouterLog[];
  return found
    .map((l): PtFlow => {
      const at = {
        blockNumber: l.blockNumber!,
        blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
        logIndex: l.logIndex!,
        transactionHash: l.transactionHash!,
      };
      if (l.eventName === "RedeemPyToToken")
        return {
          ...at,
          kind: "withdrawal",
          market: null,
          yt: getAddress(l.args.YT!),
          pt: l.args.netPyIn!,
          sy: l.args.netSyInterm,
          token: getAddress(l.args.tokenOut!),
          tokenAmount: l.args.netTokenOut!,
        };
      const pt = l.args.netPtToAccount!;
      const token = l.args.netTokenToAccount!;
      return {
        ...at,
        kind: pt > 0n ? "deposit" : "withdrawal",
        market: getAddress(l.args.market!),
        yt: null,
        pt: pt > 0n ? pt : -pt,
        sy: l.args.netSyInterm,
        token: getAddress(l.args.token!),
        tokenAmount: token > 0n ? token : -token,
      };
    })
    .sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
}
