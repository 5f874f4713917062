import { type Address, encodeFunctionData, formatUnits, getAddress, parseAbi } from "viem";
import { readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import { addressBook } from "../../../kernel/config/env.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { vaultQuery, vaultWrite } from "../../vaults/index.ts";

const CHAIN = "ethereum";
const DAY = 86_400;
/** StakedUSDeV2's views and calls (its published ABI) */
export const stakedUsdeAbi = parseAbi([
  "function cooldownDuration() view returns (uint24)",
  "function cooldowns(address) view returns (uint104 cooldownEnd, uint152 underlyingAmount)",
  "function cooldownAssets(uint256 assets) returns (uint256 shares)",
  "function cooldownShares(uint256 shares) returns (uint256 assets)",
  "function unstake(address receiver)",
  "function balanceOf(address) view returns (uint256)",
  "function maxWithdraw(address) view returns (uint256)",
  "function previewRedeem(uint256) view returns (uint256)",
  "error InvalidCooldown()",
  "error ExcessiveWithdrawAmount()",
  "error ExcessiveRedeemAmount()",
  "error MinSharesViolation()",
  "error InvalidAmount()",
  "error OperationNotAllowed()",
]);

/** sUSDe on ethereum, by the address book's name; a deployment without it is a 422 on `chain`. */
function stakedUsde(ctx: Context, at: "query" | "body") {
  const address = addressBook(ctx.config)?.chains[CHAIN]?.contracts.EthenaStakedUsde;
  if (!address) throw fieldError([at, "chain"], "Ethena is not deployed on ethereum in this deployment");
  return { client: ctx.services.chains.get(CHAIN, [at, "chain"]), address: getAddress(address) };
}

/**
 * sUSDe at `block` (or the head), as `/v1/vaults/vault` reads any ERC-4626, with its cooldown then and, for
 * `user_address`, what the wallet has in cooldown, until when, and whether `unstake` would pay it out.
 */
export async function ethenaVault(ctx: Context, query: { block?: number; user_address?: string | null }) {
  const s = stakedUsde(ctx, "query");
  const at = await readBlockAt(s.client, CHAIN, query.block, {
    since: { logs: ctx.services.chains.logs, address: s.address, what: "sUSDe" },
  });
  const blockNumber = at.number;
  const vault = await vaultQuery(
    { chain: CHAIN, vault_address: s.address, user_address: query.user_address, block: Number(blockNumber) },
    ctx,
    at,
  );
  try {
    const duration = await s.client.readContract({
      address: s.address,
      abi: stakedUsdeAbi,
      functionName: "cooldownDuration",
      blockNumber,
    });
    let cooldown_position = null;
    if (query.user_address) {
      const [end, amount] = await s.client.readContract({
        address: s.address,
        abi: stakedUsdeAbi,
        functionName: "cooldowns",
        args: [getAddress(query.user_address)],
        blockNumber,
      });
      cooldown_position = {
        amount_in_underlying_asset: formatUnits(amount, 18),
        cooldown_end: amount > 0n ? new Date(Number(end) * 1000).toISOString() : false,
        can_be_withdrawn: amount > 0n && (at.timestamp >= end || duration === 0),
      };
    }
    return { ...vault, cooldown_duration_days: duration / DAY, cooldown_position };
  } catch (error) {
    return rethrowRpc(CHAIN, error, { blockLoc: ["query", "block"], block: query.block });
  }
}

/** USDe staked into sUSDe, as any ERC-4626 deposit through the vaults group. */
export function ethenaDeposit(
  ctx: Context,
  body: {
    chain: "ethereum";
    sender: string;
    estimate_gas: boolean;
    amount: string;
    receiver?: string | null;
  },
) {
  const s = stakedUsde(ctx, "body");
  return vaultWrite("deposit", { ...body, vault_address: s.address }, ctx, { spenderName: "EthenaVault" });
}

const AMOUNT: Loc = ["body", "amount"];

/**
 * The first step out of sUSDe: `cooldownAssets(amount)` (or `cooldownShares` of every share for `"ALL"`) burns
 * the shares and parks their USDe in the silo until the cooldown ends; a second request adds to the first and
 * restarts its clock. What the sender can withdraw is checked first.
 */
export async function ethenaRequest(
  ctx: Context,
  body: { sender: string; estimate_gas: boolean; amount: string },
) {
  const s = stakedUsde(ctx, "body");
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const read = <T>(
    functionName: "cooldownDuration" | "balanceOf" | "maxWithdraw",
    args: readonly unknown[] = [],
  ) =>
    s.client.readContract({
      address: s.address,
      abi: stakedUsdeAbi,
      functionName,
      args,
      blockTag: NEXT_BLOCK,
    } as never) as Promise<T>;
  const [duration, shares, withdrawable] = await Promise.all([
    read<number>("cooldownDuration"),
    read<bigint>("balanceOf", [sender]),
    read<bigint>("maxWithdraw", [sender]),
  ]).catch((e) => rethrowRpc(CHAIN, e));
  if (duration === 0)
    throw fieldError(AMOUNT, "sUSDe's cooldown is off: withdraw directly (POST /v1/vaults/withdraw)");
  let data: `0x${string}`;
  if (body.amount === "ALL") {
    if (shares === 0n) throw fieldError(AMOUNT, "the sender holds no sUSDe");
    data = encodeFunctionData({ abi: stakedUsdeAbi, functionName: "cooldownShares", args: [shares] });
  } else {
    const assets = toRawAmount(body.amount, 18, AMOUNT, "USDe");
    if (assets > withdrawable)
      throw fieldError(
        AMOUNT,
        `the sender's sUSDe is worth ${formatUnits(withdrawable, 18)} USDe, less than ${body.amount}`,
      );
    data = encodeFunctionData({ abi: stakedUsdeAbi, functionName: "cooldownAssets", args: [assets] });
  }
  const transaction = await senderTransaction(
    s.client,
    CHAIN,
    { from: sender, to: s.address, data },
    fields,
    {
      estimateGas: body.estimate_gas,
      refusal: "sUSDe refuses the cooldown",
    },
  );
  return { transaction, cooldown_duration_days: duration / DAY };
}

/**
 * The second step: `unstake(receiver)` pays out what the sender has in cooldown once it has ended. Nothing in
 * cooldown, or a cooldown still running (saying until when), is a 422 on `sender`.
 */
export async function ethenaUnstake(
  ctx: Context,
  body: { sender: string; estimate_gas: boolean; receiver?: string | null },
) {
  const s = stakedUsde(ctx, "body");
  const sender = getAddress(body.sender) as Address;
  const receiver = getAddress(body.receiver ?? sender) as Address;
  const fields = prefetchTxFields(s.client, CHAIN, sender);
  const [[end, amount], duration, next] = await Promise.all([
    s.client.readContract({
      address: s.address,
      abi: stakedUsdeAbi,
      functionName: "cooldowns",
      args: [sender],
      blockTag: NEXT_BLOCK,
    }),
    s.client.readContract({
      address: s.address,
      abi: stakedUsdeAbi,
      functionName: "cooldownDuration",
      blockTag: NEXT_BLOCK,
    }),
    s.client.getBlock({ blockTag: NEXT_BLOCK }),
  ]).catch((e) => rethrowRpc(CHAIN, e));
  const loc: Loc = ["body", "sender"];
  if (amount === 0n)
    throw fieldError(loc, "the sender has no USDe in cooldown; request it first (POST /v1/ethena/request)");
  if (duration !== 0 && next.timestamp < end)
    throw fieldError(
      loc,
      `the sender's ${formatUnits(amount, 18)} USDe is in cooldown until ${new Date(Number(end) * 1000).toISOString()}`,
    );
  const data = encodeFunctionData({ abi: stakedUsdeAbi, functionName: "unstake", args: [receiver] });
  const transaction = await senderTransaction(
    s.client,
    CHAIN,
    { from: sender, to: s.address, data },
    fields,
    {
      estimateGas: body.estimate_gas,
      refusal: "sUSDe refuses the unstake",
    },
  );
  return { transaction };
}
