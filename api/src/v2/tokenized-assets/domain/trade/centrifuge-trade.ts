import { centrifugeVaultAbi, erc20ErrorsAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, formatUnits } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import type { AccountCall } from "../../../../product-accounts/index.ts";
import { buildAccountAction, readAccountState } from "../../../../product-accounts/index.ts";
import { issuerContracts } from "../issuer-markets.ts";
import { POLL_ENDPOINT } from "../mmf.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";

/**
 * A deRWA token through its Centrifuge ERC-7540 vault, executed by the product account. A buy is
 * `requestDeposit(assets, account, account)`; a sell `requestRedeem(shares, account, account)`. Both settle when
 * the issuer fulfils them at the NAV of that moment (`settlement: "async"`, listed in GET /redemptions). So that
 * the shares (or USDC) then reach the account without a second transaction from the owner, the same transaction
 * makes the vault's manager the account's ERC-7540 operator (once), which claims them into the account as
 * Centrifuge's keepers do; the operator can only claim to the controller's own account's benefit.
 */
export async function centrifugeTrade(t: Trade): Promise<TradeResult> {
  const vault = issuerContracts(t.ctx.config, t.chain, t.asset.symbol).vault;
  if (!vault)
    throw new DomainError(
      422,
      "No venue",
      `token_out: no Centrifuge vault issues ${t.asset.symbol} on ${t.chain}`,
    );
  if (t.fee)
    throw new DomainError(
      422,
      "Fee not supported",
      "fee: a Centrifuge redemption is paid when the issuer fulfils it, so no fee can be taken in this transaction",
    );
  const buying = t.side === "buy";
  const input = buying ? t.usdc : t.asset;
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault,
      abi: centrifugeVaultAbi,
      functionName,
      args,
    } as any) as Promise<T>;
  const [state, balance, allowance, manager, paused, minDeposit, estimate] = await Promise.all([
    readAccountState(t.client, t.account),
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [t.account],
    }),
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [t.account, vault],
    }),
    read<Address>("manager"),
    read<boolean>("paused"),
    read<bigint>("minDeposit"),
    read<bigint>(buying ? "convertToShares" : "convertToAssets", [t.amountIn]),
  ]).catch((error) => rethrowRpc(t.chain, error));
  const operator = await read<boolean>("isOperator", [t.account, manager]).catch((error) =>
    rethrowRpc(t.chain, error),
  );

  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  if (paused)
    throw new DomainError(
      422,
      "Market paused",
      `${t.asset.symbol}: the issuer has paused its Centrifuge vault on ${t.chain}`,
    );
  if (buying && t.amountIn < minDeposit)
    throw new DomainError(
      422,
      "Amount too small",
      `amount_in: the vault takes deposit requests of at least ${formatUnits(minDeposit, t.usdc.decimals)} USDC`,
    );
  if (estimate === 0n) throw new DomainError(422, "Amount too small", "amount_in: too small for any output");

  const calls: AccountCall[] = [];
  if (allowance < t.amountIn)
    calls.push({
      to: input.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, t.amountIn] }),
    });
  if (!operator)
    calls.push({
      to: vault,
      data: encodeFunctionData({
        abi: centrifugeVaultAbi,
        functionName: "setOperator",
        args: [manager, true],
      }),
    });
  calls.push({
    to: vault,
    data: encodeFunctionData({
      abi: centrifugeVaultAbi,
      functionName: buying ? "requestDeposit" : "requestRedeem",
      args: [t.amountIn, t.account, t.account],
    }),
  });
  const envelope = await buildAccountAction({
    client: t.client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls,
    nonce: state.nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [centrifugeVaultAbi, erc20ErrorsAbi],
  });
  const output = buying ? t.asset : t.usdc;
  return {
    ...envelope,
    estimated_amount_out: formatUnits(estimate, output.decimals),
    fee_amount: null,
    settlement: "async",
    poll_endpoint: POLL_ENDPOINT,
    expected_settlement_at: null,
  };
}
