import { type Address, encodeFunctionData, getAddress, type PublicClient } from "viem";
import { assertPullable } from "../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../kernel/chain/transaction.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { fmt, vaultLimit } from "./calls.ts";
import { readVault, vaultAbi } from "./vault.ts";

/**
 * A wallet's deposit into or withdrawal from any ERC-4626 vault, as a transaction for it to sign, simulated
 * first. The vault's own limits are checked before (`maxDeposit`, `maxWithdraw`, the sender's balance and
 * allowance), so what the vault would refuse is a 422 naming it. `"ALL"` redeems every share the sender holds
 * (no dust left behind).
 */
export async function vaultTransaction(
  kind: "deposit" | "withdraw",
  input: {
    client: PublicClient;
    chain: ChainName;
    /** the vault's address as given (read as an ERC-4626, else a 422 on `loc.vault`) */
    vault: string;
    sender: string;
    receiver?: string | null;
    /** human units of the asset, or `"ALL"` (withdraw: every share) */
    amount: string;
    estimateGas: boolean;
    loc: { vault: Loc; amount: Loc };
    /** what the allowance refusal calls the vault (a name `/v1/generic/allowance/set` takes) */
    spenderName?: string;
  },
) {
  const { client, chain } = input;
  const vault = await readVault(client, chain, input.vault, input.loc.vault);
  const sender = getAddress(input.sender) as Address;
  const receiver = getAddress(input.receiver ?? sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const loc = input.loc.amount;
  const view = (functionName: "maxDeposit" | "maxWithdraw" | "balanceOf", who: Address) =>
    vaultLimit(client, chain, vault.address, functionName, who);
  let data: `0x${string}`;
  if (kind === "deposit") {
    const amount = toRawAmount(input.amount, vault.asset.decimals, loc, vault.asset.symbol);
    const [limit] = await Promise.all([
      view("maxDeposit", receiver),
      assertPullable(client, chain, {
        token: vault.asset,
        owner: sender,
        spender: vault.address,
        spenderName: input.spenderName ?? `the vault ${vault.name}`,
        amount,
        loc,
      }),
    ]);
    if (limit === 0n) throw fieldError(loc, `${vault.name} accepts no deposits now (paused or at its cap)`);
    if (amount > limit)
      throw fieldError(loc, `${vault.name} accepts at most ${fmt(limit, vault.asset)} now (its cap)`);
    data = encodeFunctionData({ abi: vaultAbi, functionName: "deposit", args: [amount, receiver] });
  } else if (input.amount === "ALL") {
    const shares = await view("balanceOf", sender);
    if (shares === 0n) throw fieldError(loc, `the sender holds no shares of ${vault.name}`);
    data = encodeFunctionData({ abi: vaultAbi, functionName: "redeem", args: [shares, receiver, sender] });
  } else {
    const amount = toRawAmount(input.amount, vault.asset.decimals, loc, vault.asset.symbol);
    const limit = await view("maxWithdraw", sender);
    if (amount > limit)
      throw fieldError(
        loc,
        `the sender can withdraw at most ${fmt(limit, vault.asset)} from ${vault.name} now`,
      );
    data = encodeFunctionData({ abi: vaultAbi, functionName: "withdraw", args: [amount, receiver, sender] });
  }
  return senderTransaction(client, chain, { from: sender, to: vault.address, data }, fields, {
    estimateGas: input.estimateGas,
    refusal: `${vault.name} refuses the ${kind}`,
  });
}
