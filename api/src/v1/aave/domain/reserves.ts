import type { PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Loc } from "../../../kernel/errors.ts";
import {
  type AaveMarket,
  type AaveReserve,
  findAaveReserve,
  readAaveReserves,
} from "../../../protocols/aave/index.ts";

/**
 * Every reserve of the market as it was at `block` (or now). Reads that come from events resolve their token at
 * the head: a token is found by its address in the past.
 */
export async function reservesAt(
  client: PublicClient,
  market: AaveMarket,
  block: bigint | "latest",
): Promise<AaveReserve[]> {
  try {
    return await readAaveReserves(client, market, block);
  } catch (error) {
    return rethrowRpc(
      market.chain,
      error,
      block === "latest" ? {} : { blockLoc: ["query", "block"], block: Number(block) },
    );
  }
}

/** The reserve `text` names at `block` (or now), or a 422 on `loc` naming what the market lists. */
export async function reserveAt(
  client: PublicClient,
  market: AaveMarket,
  block: bigint | "latest",
  text: string,
  loc: Loc,
): Promise<AaveReserve> {
  return findAaveReserve(await reservesAt(client, market, block), text, market.chain, loc);
}
