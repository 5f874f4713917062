import { type Address, encodeFunctionData, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { assertPullable } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../kernel/chain/transaction.ts";
import type { Context } from "../../kernel/context.ts";
import { fieldError } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import { readVault, vaultAbi } from "../../v2/earn/index.ts";

type VaultWriteBody = {
  chain: "arbitrum" | "base" | "ethereum";
  sender: string;
  estimate_gas: boolean;
  vault_address: string;
  amount: string;
  receiver?: string | null;
};

/**
 * A deposit into or a withdrawal from any ERC-4626 vault, for the sender to sign, simulated first. The vault's
 * own limits are checked before (`maxDeposit`, `maxWithdraw`, the sender's balance and allowance), so what the
 * vault would refuse is a 422 naming it. `"ALL"` redeems every share the sender holds (no dust left behind).
 */
export async function vaultWrite(
  kind: "deposit" | "withdraw",
  body: VaultWriteBody,
  ctx: Context,
  /** what the allowance refusal calls the vault (a name `/v1/generic/allowance/set` takes) */
  opts: { spenderName?: string } = {},
) {
  const chain = body.chain;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const vault = await readVault(client, chain, body.vault_address, ["body", "vault_address"]);
  const sender = getAddress(body.sender) as Address;
  const receiver = getAddress(body.receiver ?? sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const loc = ["body", "amount"];
  const view = (functionName: "maxDeposit" | "maxWithdraw" | "balanceOf", who: Address) =>
    client
      .readContract({
        blockTag: NEXT_BLOCK,
        address: vault.address,
        abi: vaultAbi,
        functionName,
        args: [who],
      })
      .catch((error) => rethrowRpc(chain, error));
  const fmt = (raw: bigint) => `${formatUnits(raw, vault.asset.decimals)} ${vault.asset.symbol}`;
  let data: `0x${string}`;
  if (kind === "deposit") {
    const amount = toRawAmount(body.amount, vault.asset.decimals, loc, vault.asset.symbol);
    const [limit] = await Promise.all([
      view("maxDeposit", receiver),
      assertPullable(client, chain, {
        token: vault.asset,
        owner: sender,
        spender: vault.address,
        spenderName: opts.spenderName ?? `the vault ${vault.name}`,
        amount,
        loc,
      }),
    ]);
    if (limit === 0n) throw fieldError(loc, `${vault.name} accepts no deposits now (paused or at its cap)`);
    if (amount > limit) throw fieldError(loc, `${vault.name} accepts at most ${fmt(limit)} now (its cap)`);
    data = encodeFunctionData({ abi: vaultAbi, functionName: "deposit", args: [amount, receiver] });
  } else if (body.amount === "ALL") {
    const shares = await view("balanceOf", sender);
    if (shares === 0n) throw fieldError(loc, `the sender holds no shares of ${vault.name}`);
    data = encodeFunctionData({ abi: vaultAbi, functionName: "redeem", args: [shares, receiver, sender] });
  } else {
    const amount = toRawAmount(body.amount, vault.asset.decimals, loc, vault.asset.symbol);
    const limit = await view("maxWithdraw", sender);
    if (amount > limit)
      throw fieldError(loc, `the sender can withdraw at most ${fmt(limit)} from ${vault.name} now`);
    data = encodeFunctionData({ abi: vaultAbi, functionName: "withdraw", args: [amount, receiver, sender] });
  }
  return {
    transaction: await senderTransaction(client, chain, { from: sender, to: vault.address, data }, fields, {
      estimateGas: body.estimate_gas,
      refusal: `${vault.name} refuses the ${kind}`,
    }),
  };
}
