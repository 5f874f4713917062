import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressBook } from "@compass/constants";
import { createPublicClient, getAddress, http } from "viem";
import { OneInchApi, type OneInchChain, type TokenInfo } from "./oneinch.ts";
import { PoolIndex } from "./routing.ts";

/**
 * The aggregator over every chain of the address book that carries Uniswap v3 (factory, QuoterV2 and
 * SwapRouter): its tokens are the chain's listed tokens, read from the book like any other outside system
 * would read a token list.
 */
export function aggregatorFromBook(
  book: AddressBook,
  apiKey: string | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const chains = new Map<number, OneInchChain>();
  for (const [name, chain] of Object.entries(book.chains)) {
    const c = chain.contracts as Record<string, string | undefined>;
    if (!c.UniswapV3Factory || !c.UniswapV3QuoterV2 || !c.UniswapV3SwapRouter) continue;
    const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: true }) });
    const listed = new Map<string, TokenInfo>();
    for (const [symbol, token] of Object.entries(book.tokens?.[name] ?? {})) {
      const address = getAddress(token.address);
      listed.set(address.toLowerCase(), {
        address,
        symbol,
        name: token.name ?? symbol,
        decimals: token.decimals,
        logoURI: "",
        tags: ["tokens"],
      });
    }
    chains.set(chain.chainId, {
      chainId: chain.chainId,
      client,
      router: getAddress(c.UniswapV3SwapRouter),
      listed,
      index: new PoolIndex({
        client,
        factory: getAddress(c.UniswapV3Factory),
        quoter: getAddress(c.UniswapV3QuoterV2),
        tokens: [...listed.values()].map((t) => t.address),
      }),
    });
  }
  const api = new OneInchApi(chains, apiKey);
  return (req, res) => api.handle(req, res);
}
