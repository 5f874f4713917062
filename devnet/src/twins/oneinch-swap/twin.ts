import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressBook } from "@compass/constants";
import { type Address, createPublicClient, erc20Abi, getAddress, http, type PublicClient } from "viem";
import { OdosApi, type OdosChain } from "./odos.ts";
import { OneInchApi, type OneInchChain, type TokenInfo } from "./oneinch.ts";
import { PoolIndex } from "./routing.ts";

interface BookChain {
  chainId: number;
  client: PublicClient;
  router: Address;
  index: PoolIndex;
  listed: Map<string, TokenInfo>;
  oracle: Address | null;
}

/**
 * Every chain of the address book that carries Uniswap v3 (factory, QuoterV2 and SwapRouter), with its listed
 * tokens (read from the book like any other outside system would read a token list) and one pool index: the
 * routing engine both aggregator protocols answer from.
 */
function bookChains(book: AddressBook): BookChain[] {
  const chains: BookChain[] = [];
  for (const [name, chain] of Object.entries(book.chains)) {
    const c = chain.contracts as Record<string, string | undefined>;
    if (!c.UniswapV3Factory || !c.UniswapV3QuoterV2 || !c.UniswapV3SwapRouter) continue;
    const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: true }) }) as PublicClient;
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
    chains.push({
      chainId: chain.chainId,
      client,
      router: getAddress(c.UniswapV3SwapRouter),
      listed,
      oracle: c.AaveOracle ? getAddress(c.AaveOracle) : null,
      index: new PoolIndex({
        client,
        factory: getAddress(c.UniswapV3Factory),
        quoter: getAddress(c.UniswapV3QuoterV2),
        tokens: [...listed.values()].map((t) => t.address),
      }),
    });
  }
  return chains;
}

/** The 1inch Swap API v6.0 over the book's chains. */
export function aggregatorFromBook(
  book: AddressBook,
  apiKey: string | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const chains = new Map<number, OneInchChain>(bookChains(book).map((c) => [c.chainId, c]));
  const api = new OneInchApi(chains, apiKey);
  return (req, res) => api.handle(req, res);
}

/** Odos's SOR API v2 over the book's chains. */
export function odosFromBook(
  book: AddressBook,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const chains = new Map<number, OdosChain>(
    bookChains(book).map((c) => [
      c.chainId,
      {
        ...c,
        decimals: async (token: Address) =>
          c.listed.get(token.toLowerCase())?.decimals ??
          Number(await c.client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" })),
      },
    ]),
  );
  const api = new OdosApi(chains);
  return (req, res) => api.handle(req, res);
}
