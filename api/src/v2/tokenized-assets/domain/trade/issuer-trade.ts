import { erc20ErrorsAbi } from "@compass/constants";
import { type Abi, type Address, encodeFunctionData, erc20Abi } from "viem";
import type { Call } from "../../../../kernel/chain/call.ts";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import { buildAccountAction, readAccountState } from "../../../../product-accounts/index.ts";
import { POLL_ENDPOINT } from "../mmf.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";
import { feeAmount } from "./request.ts";

/** How a trade settles: what it is expected to pay out, and when. */
export type Settlement = Omit<TradeResult, "transaction" | "eip_712">;

/** What one issuer adds to the flow every trade in the account shares. */
export interface IssuerFlow<R> {
  /** the issuer's reads, sent in the batch that reads the account */
  read: () => Promise<R>;
  /** the contract that pulls the input: approved for the amount first when the account's allowance is short */
  spender?: Address;
  /** why this flow can take no partner fee (its proceeds are paid later), when it can take none */
  noFee?: string;
  /** the issuer's checks that come before the account's (deployed, balance) */
  admit?: (reads: R) => void;
  /** the issuer's checks on what was read, its calls, and how the trade settles */
  plan: (reads: R) => { calls: Call[]; settlement: Settlement };
  /** ABIs of the contracts called, to name a revert */
  abis: Abi[];
}

/**
 * A buy or sell in the owner's product account through one issuer: the partner fee refused where the issuer pays
 * later, the account's state, input balance and allowance read with the issuer's own reads, the account's checks,
 * the issuer's plan, an approval when the allowance is short, and the account action that runs it all.
 */
export async function issuerTrade<R>(t: Trade, flow: IssuerFlow<R>): Promise<TradeResult> {
  if (t.fee && flow.noFee) throw new DomainError(422, "Fee not supported", `fee: ${flow.noFee}`);
  const input = t.side === "buy" ? t.usdc : t.asset;
  const [state, balance, allowance, reads] = await Promise.all([
    readAccountState(t.client, t.account),
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: input.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [t.account],
    }),
    flow.spender
      ? t.client.readContract({
          blockTag: NEXT_BLOCK,
          address: input.address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [t.account, flow.spender],
        })
      : Promise.resolve(0n),
    flow.read(),
  ]).catch((error) => rethrowRpc(t.chain, error));

  flow.admit?.(reads);
  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  const { calls, settlement } = flow.plan(reads);
  const approve: Call[] =
    flow.spender && allowance < t.amountIn
      ? [
          {
            to: input.address,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: "approve",
              args: [flow.spender, t.amountIn],
            }),
          },
        ]
      : [];
  const envelope = await buildAccountAction({
    client: t.client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls: [...approve, ...calls],
    nonce: state.nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [...flow.abis, erc20ErrorsAbi],
  });
  return { ...envelope, ...settlement };
}

/** Settled in the transaction itself. */
export function instant(amountOut: string, fee: string | null = null): Settlement {
  return settled("instant", amountOut, fee, null);
}

/** Settled later by the issuer: the request shows in GET /redemptions until then. */
export function later(amountOut: string, expectedAt: string | null = null): Settlement {
  return settled("async", amountOut, null, expectedAt);
}

function settled(
  settlement: Settlement["settlement"],
  amountOut: string,
  fee: string | null,
  expectedAt: string | null,
): Settlement {
  return {
    estimated_amount_out: amountOut,
    fee_amount: fee,
    settlement,
    poll_endpoint: settlement === "async" ? POLL_ENDPOINT : null,
    expected_settlement_at: expectedAt,
  };
}

/**
 * The partner's fee on a sale paid out in this transaction, from its USDC `proceeds`, and the transfer that pays it
 * (none for no fee); a fee above the least the sale may pay (`minProceeds`) is a 422.
 */
export function partnerFee(
  t: Trade,
  proceeds: bigint,
  minProceeds: bigint,
): { amount: bigint; calls: Call[] } {
  const amount = t.fee ? feeAmount(t.fee, proceeds) : 0n;
  if (amount > minProceeds)
    throw new DomainError(422, "Fee too large", "fee.amount: exceeds the minimum proceeds of the sale");
  if (amount === 0n) return { amount, calls: [] };
  return {
    amount,
    calls: [
      {
        to: t.usdc.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [t.fee!.recipient, amount],
        }),
      },
    ],
  };
}
