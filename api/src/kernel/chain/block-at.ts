import type { Address, PublicClient } from "viem";
import { fieldError, type Loc } from "../errors.ts";
import type { ChainName } from "../schemas/common.ts";
import { rethrowRpc } from "./clients.ts";
import type { LogReader } from "./log-reader.ts";

export interface BlockHeader {
  number: bigint;
  timestamp: bigint;
}

/**
 * The block a historical read answers for: `block` as given, or the head when omitted. A block past the head
 * is a 422 on `loc`; so is one before `since.address` was deployed (the protocol or contract did not exist then,
 * `since.what` naming it), and one older than the node keeps.
 */
export async function readBlockAt(
  client: PublicClient,
  chain: ChainName,
  block: number | undefined,
  opts: { loc?: Loc; since?: { logs: LogReader; address: Address; what: string } } = {},
): Promise<BlockHeader> {
  const loc = opts.loc ?? ["query", "block"];
  try {
    const head = await client.getBlock({ blockTag: "latest" });
    if (block === undefined) return { number: head.number, timestamp: head.timestamp };
    if (BigInt(block) > head.number)
      throw fieldError(loc, `Block ${block} is in the future (latest is ${head.number})`);
    if (opts.since) {
      const deployed = await opts.since.logs.deploymentBlock(client, opts.since.address);
      if (BigInt(block) < deployed)
        throw fieldError(
          loc,
          `${opts.since.what} did not exist on ${chain} at block ${block}: it was deployed at block ${deployed}`,
        );
    }
    const at = await client.getBlock({ blockNumber: BigInt(block) });
    return { number: at.number, timestamp: at.timestamp };
  } catch (error) {
    return rethrowRpc(chain, error, { blockLoc: loc, block });
  }
}
