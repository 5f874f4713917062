import { type Address, encodeFunctionData, erc20Abi, formatUnits, type PublicClient } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { type Vault, vaultAbi } from "./vault.ts";

/** `amount` of `token` in human units with its symbol, for messages */
export const fmt = (raw: bigint, token: Erc20) => `${formatUnits(raw, token.decimals)} ${token.symbol}`;

/**
 * What the vault lets `who` move now, for the next block: `maxDeposit` (0 when the vault is paused or full),
 * `maxWithdraw` (what its shares and the vault's liquidity allow), or its share balance.
 */
export const vaultLimit = (
  client: PublicClient,
  chain: ChainName,
  vault: Address,
  functionName: "maxDeposit" | "maxWithdraw" | "balanceOf",
  who: Address,
) =>
  client
    .readContract({ blockTag: NEXT_BLOCK, address: vault, abi: vaultAbi, functionName, args: [who] })
    .catch((e) => rethrowRpc(chain, e));

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
}): Promise<Call[]> {
  const { client, vault, account, amount } = input;
  const limit = await vaultLimit(
    client,
    input.chain,
    vault.address,
    input.action === "DEPOSIT" ? "maxDeposit" : "maxWithdraw",
    account,
  );
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
