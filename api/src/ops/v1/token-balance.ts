import { erc20Abi, formatUnits, getAddress, isAddress } from "viem";
import { z } from "zod";
import { rethrowRpc } from "../../chain/clients.ts";
import { USDC } from "../../config/chains.ts";
import { addressBook } from "../../config/env.ts";
import { DomainError, fieldError } from "../../http/errors.ts";
import { defineOperation } from "../../registry/define.ts";
import { Address, type ChainName, qInt } from "../../schemas/common.ts";

const V1Chain = z.enum(["arbitrum", "base", "ethereum"]).meta({ id: "V1Chain" });

export const TokenBalanceResponse = z
  .object({
    amount: z.string().describe("balance in human units"),
    decimals: z.int(),
    token_symbol: z.string(),
    token_address: z.string().describe("token contract, or the zero address for the native coin"),
    balance_raw: z.string().describe("balance in the token's smallest unit"),
    block_number: z.int().describe("block the balance was read at"),
  })
  .meta({ id: "TokenBalanceResponse" });

const NATIVE = "0x0000000000000000000000000000000000000000" as const;

export const tokenBalance = defineOperation({
  method: "GET",
  path: "/v1/token/balance",
  summary: "Token balance of a wallet",
  description:
    "Balance of `token` (symbol or address) held by `user` on `chain`. With `block`, the balance as it was at that block (historical query).",
  query: z.object({
    chain: V1Chain.default("arbitrum"),
    user: Address.describe("wallet whose balance to read"),
    token: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .default("USDC")
      .describe("token symbol (e.g. USDC, ETH) or contract address"),
    block: qInt({
      min: 0,
      description: "block number for a historical read; latest when omitted",
    }).optional(),
  }),
  response: TokenBalanceResponse,
  errors: [
    { status: 404, description: "token not found on that chain" },
    { status: 502, description: "chain RPC unreachable" },
  ],
  cli: { short: { chain: "c", user: "u", token: "t", block: "b" } },
  widget: true,
  async handler({ query }, ctx) {
    const chain = query.chain as ChainName;
    const client = ctx.services.chains.get(chain);
    const token = resolveToken(chain, query.token, ctx.config);
    try {
      const blockNumber = query.block !== undefined ? BigInt(query.block) : await client.getBlockNumber();
      if (query.block !== undefined) {
        const head = await client.getBlockNumber();
        if (blockNumber > head)
          throw fieldError(["query", "block"], `Block ${query.block} is in the future (latest is ${head})`);
      }
      if (token.address === NATIVE) {
        const raw = await client.getBalance({ address: query.user, blockNumber });
        return out(raw, 18, "ETH", NATIVE, blockNumber);
      }
      const [raw, decimals, symbol] = await Promise.all([
        client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [query.user],
          blockNumber,
        }),
        token.decimals ??
          client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: "decimals",
            blockNumber,
          }),
        token.symbol ??
          client.readContract({ address: token.address, abi: erc20Abi, functionName: "symbol", blockNumber }),
      ]).catch((error) => {
        const text = `${error?.name} ${error?.shortMessage} ${error?.message}`;
        const notAToken = /returned no data|reverted|decode zero data/i.test(text);
        const chainProblem = /HttpRequestError|BlockOutOfRange|missing trie node|historical state/i.test(
          text,
        );
        if (notAToken && !chainProblem) {
          throw new DomainError(
            404,
            "Token not found",
            `No ERC-20 token at ${token.address} on ${chain}${query.block !== undefined ? ` at block ${query.block}` : ""}`,
          );
        }
        throw error;
      });
      return out(raw, Number(decimals), String(symbol), token.address, blockNumber);
    } catch (error) {
      return rethrowRpc(chain, error, { blockLoc: ["query", "block"], block: query.block });
    }
  },
});

function out(raw: bigint, decimals: number, symbol: string, address: string, block: bigint) {
  return {
    amount: formatUnits(raw, decimals),
    decimals,
    token_symbol: symbol,
    token_address: address,
    balance_raw: raw.toString(),
    block_number: Number(block),
  };
}

interface ResolvedToken {
  address: `0x${string}`;
  symbol?: string;
  decimals?: number;
}

function resolveToken(
  chain: ChainName,
  token: string,
  config: Parameters<typeof addressBook>[0],
): ResolvedToken {
  if (/^0x/i.test(token)) {
    if (!isAddress(token, { strict: false }))
      throw fieldError(["query", "token"], "Value is not a valid token symbol or 0x address");
    return { address: getAddress(token.toLowerCase()) };
  }
  const symbol = token.toUpperCase();
  if (symbol === "ETH") return { address: NATIVE, symbol: "ETH", decimals: 18 };
  if (symbol === "USDC" && USDC[chain]) return { address: USDC[chain]!.address, symbol: "USDC", decimals: 6 };
  const listed = Object.entries(addressBook(config)?.tokens?.[chain] ?? {}).find(
    ([s]) => s.toUpperCase() === symbol,
  );
  if (listed) return { address: listed[1].address, symbol: listed[0], decimals: listed[1].decimals };
  throw fieldError(
    ["query", "token"],
    `Unknown token symbol '${token}' on ${chain}; pass a contract address instead`,
  );
}
