import { type Address, erc20Abi, erc4626Abi, getAddress, isAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { isWrongContract, wrongContract } from "../../kernel/chain/contract-check.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/** ERC-4626 with its share token's ERC-20 half (viem's erc4626Abi leaves out name, symbol, decimals). */
export const vaultAbi = [...erc20Abi, ...erc4626Abi] as const;

/** An ERC-4626 vault as read from chain: any vault, known to this deployment or not. */
export interface Vault {
  address: Address;
  name: string;
  symbol: string;
  /** share decimals */
  decimals: number;
  asset: Erc20;
}

/** vaults read before, by chain id and address: what readVault returns never changes for a deployed vault */
const vaults = new Map<string, Vault>();

/**
 * Reads `text` as an ERC-4626 vault: its `asset()` must be an ERC-20 and the share token must answer
 * `convertToAssets`. Anything else (no contract, an ERC-20 that is no vault) is a 422 naming the field.
 * A vault once read is kept (its asset, name, symbol and decimals are fixed at deployment).
 */
export async function readVault(
  client: PublicClient,
  chain: ChainName,
  text: string,
  loc: Loc,
): Promise<Vault> {
  if (!isAddress(text, { strict: false })) throw fieldError(loc, `'${text}' is not a valid address`);
  const key = `${client.chain?.id}|${text.toLowerCase()}`;
  const known = vaults.get(key);
  if (known) return known;
  const vault = await readVaultOnce(client, chain, getAddress(text.toLowerCase()), loc);
  if (vaults.size > 10_000) vaults.clear();
  vaults.set(key, vault);
  return vault;
}

async function readVaultOnce(
  client: PublicClient,
  chain: ChainName,
  address: Address,
  loc: Loc,
): Promise<Vault> {
  const view = <T>(functionName: string, args: unknown[] = []) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address,
      abi: vaultAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  let asset: Address;
  let meta: [string, string, number];
  try {
    [asset, meta] = await Promise.all([
      view<Address>("asset"),
      Promise.all([
        view<string>("name"),
        view<string>("symbol"),
        view<number>("decimals"),
        view<bigint>("convertToAssets", [1n]),
      ]).then(([n, s, d]) => [n, s, Number(d)] as [string, string, number]),
    ]);
  } catch (error) {
    if (isWrongContract(error)) return wrongContract(client, chain, address, loc, "an ERC-4626 vault");
    return rethrowRpc(chain, error);
  }
  const token = (functionName: "symbol" | "decimals") =>
    client.readContract({ blockTag: NEXT_BLOCK, address: asset, abi: erc20Abi, functionName });
  try {
    const [symbol, decimals] = await Promise.all([token("symbol"), token("decimals")]);
    return {
      address,
      name: meta[0],
      symbol: meta[1],
      decimals: meta[2],
      asset: { address: getAddress(asset), symbol: String(symbol), decimals: Number(decimals) },
    };
  } catch (error) {
    if (isWrongContract(error)) return wrongContract(client, chain, address, loc, "an ERC-4626 vault");
    return rethrowRpc(chain, error);
  }
}
