import { ONE_TIME_WALLET_ABI } from "@compass/constants";
import { type Address, formatUnits, type Hex, type Log, type PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";

const FORWARDED = ONE_TIME_WALLET_ABI[1];

/**
 * The forward of a one-time wallet — its `Forwarded` event, emitted in the settlement worker's
 * deployAndForward — read from the chain: the status reports what happened on chain. The wallet's logs are
 * read from its deployment block (the forward's own block) in bounded pages; an undeployed wallet has none.
 */
export async function findForward(
  client: PublicClient,
  logs: LogReader,
  wallet: Address,
  token: { address: Address; decimals: number },
): Promise<{ txHash: Hex; amount: string } | null> {
  const [log] = (await logs.getLogs(client, {
    address: wallet,
    event: FORWARDED,
    args: { token: token.address },
  })) as (Log & { args: { amount: bigint } })[];
  if (!log?.transactionHash) return null;
  return { txHash: log.transactionHash, amount: formatUnits(log.args.amount, token.decimals) };
}
