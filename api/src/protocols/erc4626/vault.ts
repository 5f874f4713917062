import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  formatUnits,
  getAddress,
  isAddress,
  type PublicClient,
} from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { isWrongContract, wrongContract } from "../../kernel/chain/contract-check.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import type { AccountCall } from "../../product-accounts/index.ts";

/** ERC-4626 events: every vault emits them, whoever deposits or withdraws. */

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

const fmt = (raw: bigint, token: Erc20) => `${formatUnits(raw, token.decimals)} ${token.symbol}`;

/**
 * The account's calls to move `amount` of the vault's asset in or out, after the vault's own limits:
 * `maxDeposit` (0 when the vault is paused or full) and `maxWithdraw` (what the account's shares and the
 * vault's liquidity allow). A request beyond them is a 422 naming the protocol's limit.
 */
export async function vaultCalls(input: {
  client: PublicClient;
  chain: ChainName;
  vault: Vault;
  account: Address;
  action: "DEPOSIT" | "WITHDRAW";
  amount: bigint;
  loc: Loc;
  /** judge a withdrawal against what the account holds now (false in a bundle, whose earlier actions count) */
  checkBalance?: boolean;
}): Promise<AccountCall[]> {
  const { client, vault, account, amount } = input;
  const limit = await client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: vault.address,
      abi: vaultAbi,
      functionName: input.action === "DEPOSIT" ? "maxDeposit" : "maxWithdraw",
      args: [account],
    })
    .catch((e) => rethrowRpc(input.chain, e));
  if (input.action === "DEPOSIT") {
    if (limit === 0n)
      throw fieldError(input.loc, `${vault.name} accepts no deposits now (paused or at its deposit cap)`);
    if (amount > limit)
      throw fieldError(
        input.loc,
        `${vault.name} accepts at most ${fmt(limit, vault.asset)} now (its deposit cap)`,
      );
    return [
      {
        to: vault.asset.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault.address, amount] }),
      },
      {
        to: vault.address,
        data: encodeFunctionData({ abi: vaultAbi, functionName: "deposit", args: [amount, account] }),
      },
    ];
  }
  if (input.checkBalance !== false && amount > limit)
    throw fieldError(
      input.loc,
      `the account can withdraw at most ${fmt(limit, vault.asset)} from ${vault.name} now`,
    );
  return [
    {
      to: vault.address,
      data: encodeFunctionData({
        abi: vaultAbi,
        functionName: "withdraw",
        args: [amount, account, account],
      }),
    },
  ];
}
