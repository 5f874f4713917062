import { USDC } from "@compass/constants";
import { type Address, erc20Abi, formatUnits, getAddress, isAddress, type PublicClient } from "viem";
import { addressBook, type Config } from "../config/env.ts";
import { fieldError, type Loc } from "../errors.ts";
import type { ChainName } from "../schemas/common.ts";
import { rethrowRpc } from "./clients.ts";
import { isWrongContract, wrongContract } from "./contract-check.ts";
import { NEXT_BLOCK } from "./next-block.ts";

export interface Erc20 {
  address: Address;
  symbol: string;
  decimals: number;
}

/** Tokens a deployment names by symbol on `chain`: USDC, and the address book's token list. */
export function namedTokens(config: Config, chain: ChainName): Erc20[] {
  const usdc = USDC[chain];
  const book = addressBook(config)?.tokens?.[chain] ?? {};
  return [
    ...(usdc ? [{ address: usdc.address, symbol: "USDC", decimals: usdc.decimals }] : []),
    ...Object.entries(book)
      .filter(([symbol]) => symbol !== "USDC")
      .map(([symbol, t]) => ({ address: getAddress(t.address), symbol, decimals: t.decimals })),
  ];
}

/**
 * Any ERC-20 on `chain`, by symbol (a token this deployment names) or by 0x address (read from the chain:
 * an address holding no contract, or another kind of contract, is a 422 naming the field).
 */
export async function resolveErc20(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  text: string,
  loc: Loc,
): Promise<Erc20> {
  const named = namedTokens(config, chain);
  if (!/^0x/i.test(text)) {
    const hit = named.find((t) => t.symbol.toLowerCase() === text.toLowerCase());
    if (hit) return hit;
    throw fieldError(
      loc,
      `Unknown token symbol '${text}' on ${chain} (known: ${named.map((t) => t.symbol).join(", ")}); pass its address`,
    );
  }
  if (!isAddress(text, { strict: false })) throw fieldError(loc, `'${text}' is not a valid address`);
  const address = getAddress(text.toLowerCase());
  const known = named.find((t) => t.address === address);
  if (known) return known;
  const read = (functionName: "symbol" | "decimals") =>
    client.readContract({ blockTag: NEXT_BLOCK, address, abi: erc20Abi, functionName });
  try {
    const [symbol, decimals] = await Promise.all([read("symbol"), read("decimals")]);
    return { address, symbol: String(symbol), decimals: Number(decimals) };
  } catch (error) {
    if (isWrongContract(error)) return wrongContract(client, chain, address, loc, "an ERC-20 token");
    return rethrowRpc(chain, error);
  }
}

/**
 * A write that pulls `amount` of `token` from `owner` (a deposit, a supply, a swap's input) is refused before
 * anything is signed unless the owner holds it and has approved `spender` for it: a 422 on `loc` saying which,
 * and by how much.
 */
export async function assertPullable(
  client: PublicClient,
  chain: ChainName,
  input: { token: Erc20; owner: Address; spender: Address; spenderName: string; amount: bigint; loc: Loc },
): Promise<void> {
  const { token, owner, spender, amount } = input;
  const [balance, allowance] = await client
    .multicall({
      allowFailure: false,
      blockTag: NEXT_BLOCK,
      contracts: [
        { address: token.address, abi: erc20Abi, functionName: "balanceOf", args: [owner] },
        { address: token.address, abi: erc20Abi, functionName: "allowance", args: [owner, spender] },
      ],
    })
    .catch((error) => rethrowRpc(chain, error));
  const fmt = (raw: bigint) => `${formatUnits(raw, token.decimals)} ${token.symbol}`;
  if (balance < amount)
    throw fieldError(input.loc, `the sender holds ${fmt(balance)}, less than ${fmt(amount)}`);
  if (allowance < amount)
    throw fieldError(
      input.loc,
      `the sender has approved ${input.spenderName} (${spender}) for ${fmt(allowance)}; approve at least ${fmt(amount)} first (POST /v1/generic/allowance/set)`,
    );
}
