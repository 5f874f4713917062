import { MULTICALL3, USDC } from "@compass/constants";
import { erc20Abi, formatUnits, getAddress, isAddress, type PublicClient } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { TokenBalanceQuery } from "../schemas.ts";

const NATIVE = "0x0000000000000000000000000000000000000000" as const;

/**
 * GET /v1/token/balance: `user`'s balance of `token` (a symbol, ETH for the native coin, or an address), now or at
 * `block`. A failure is explained: a future or pruned block (422 on `block`), no token at the address (404), the RPC.
 */
export async function readBalance(ctx: Context, query: z.output<typeof TokenBalanceQuery>) {
  const chain = query.chain as ChainName;
  const client = ctx.services.chains.get(chain);
  const token = resolveToken(chain, query.token, ctx.config);
  const blockNumber = query.block !== undefined ? BigInt(query.block) : undefined;
  try {
    // One eth_call: every read, and the block number itself, batched through Multicall3 at one block.
    const [raw, decimals, symbol, block] = await Promise.all([
      token.address === NATIVE
        ? read(client, MULTICALL3, multicall3Abi, "getEthBalance", [query.user], blockNumber)
        : read(client, token.address, erc20Abi, "balanceOf", [query.user], blockNumber),
      token.decimals ?? read(client, token.address, erc20Abi, "decimals", [], blockNumber),
      token.symbol ?? read(client, token.address, erc20Abi, "symbol", [], blockNumber),
      read(client, MULTICALL3, multicall3Abi, "getBlockNumber", [], blockNumber),
    ]);
    return {
      amount: formatUnits(raw as bigint, Number(decimals)),
      decimals: Number(decimals),
      token_symbol: String(symbol),
      token_address: token.address,
      balance_raw: (raw as bigint).toString(),
      block_number: Number(block),
    };
  } catch (error) {
    return explain(error, client, chain, token.address, query.block);
  }
}

function read(
  client: PublicClient,
  address: `0x${string}`,
  abi: any,
  functionName: string,
  args: unknown[],
  blockNumber?: bigint,
) {
  return client.readContract({ address, abi, functionName, args, blockNumber } as any) as Promise<unknown>;
}

/** Only on failure: one more call to tell a future or pruned block from a missing token or a dead RPC. */
async function explain(
  error: unknown,
  client: PublicClient,
  chain: ChainName,
  address: string,
  block?: number,
): Promise<never> {
  const text = `${(error as any)?.name} ${(error as any)?.shortMessage} ${(error as any)?.message}`;
  if (block !== undefined && /BlockOutOfRange|header not found|unknown block/i.test(text)) {
    const head = await client.getBlockNumber().catch(() => undefined);
    if (head !== undefined && BigInt(block) > head)
      throw fieldError(["query", "block"], `Block ${block} is in the future (latest is ${head})`);
  }
  const chainProblem =
    /HttpRequestError|TimeoutError|BlockOutOfRange|missing trie node|historical state/i.test(text);
  if (!chainProblem && /returned no data|reverted|decode zero data/i.test(text)) {
    throw new DomainError(
      404,
      "Token not found",
      `No ERC-20 token at ${address} on ${chain}${block !== undefined ? ` at block ${block}` : ""}`,
    );
  }
  return rethrowRpc(chain, error, { blockLoc: ["query", "block"], block });
}

interface ResolvedToken {
  address: `0x${string}`;
  symbol?: string;
  decimals?: number;
}

function resolveToken(chain: ChainName, token: string, config: Config): ResolvedToken {
  if (/^0x/i.test(token)) {
    if (!isAddress(token, { strict: false }))
      throw fieldError(["query", "token"], "Value is not a valid token symbol or 0x address");
    return { address: getAddress(token.toLowerCase()) };
  }
  const symbol = token.toUpperCase();
  if (symbol === "ETH") return { address: NATIVE, symbol: "ETH", decimals: 18 };
  if (symbol === "USDC" && USDC[chain])
    return { address: USDC[chain]!.address, symbol: "USDC", decimals: USDC[chain]!.decimals };
  const listed = Object.entries(addressBook(config)?.tokens?.[chain] ?? {}).find(
    ([s]) => s.toUpperCase() === symbol,
  );
  if (listed) return { address: listed[1].address, symbol: listed[0], decimals: listed[1].decimals };
  throw fieldError(
    ["query", "token"],
    `Unknown token symbol '${token}' on ${chain}; pass a contract address instead`,
  );
}
