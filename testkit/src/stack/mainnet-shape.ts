/**
 * A devnet shaped like a real chain where it matters to history reads: its height against a provider's page. The
 * devnet's Ethereum is a few hundred blocks tall after its bootstrap; the real one makes ~7,200 blocks a day, and a
 * public provider answers eth_getLogs over 10,000 blocks at most (often far fewer). Growing a chain with
 * `anvil_mine` to tens of thousands of blocks, with the market activity spread across them, and reading it through
 * a provider range of a few blocks puts a direct log scan at thousands of pages: mainnet's arithmetic, on loopback.
 */

/** JSON-RPC on loopback (no client library: the devnet's chains are plain anvil). */
async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export interface GrowOptions {
  /** the chain's RPC (anvil) */
  rpcUrl: string;
  /** rounds of activity; between two rounds the chain grows by `blocksPerRound` empty blocks */
  rounds: number;
  blocksPerRound: number;
  /** seconds between the grown blocks (Ethereum's 12; anvil's `anvil_mine` interval) */
  secondsPerBlock?: number;
  /** one round's activity (e.g. the devnet's market activity after a time advance) */
  act: (round: number) => Promise<void>;
}

/** Grows the chain: activity, then `blocksPerRound` blocks, `rounds` times. Returns the head before and after. */
export async function growChain(o: GrowOptions): Promise<{ from: bigint; to: bigint }> {
  const from = BigInt(await rpc<string>(o.rpcUrl, "eth_blockNumber"));
  for (let round = 0; round < o.rounds; round++) {
    await o.act(round);
    await rpc(o.rpcUrl, "anvil_mine", [
      `0x${o.blocksPerRound.toString(16)}`,
      `0x${(o.secondsPerBlock ?? 12).toString(16)}`,
    ]);
  }
  const to = BigInt(await rpc<string>(o.rpcUrl, "eth_blockNumber"));
  return { from, to };
}
