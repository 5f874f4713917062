import { type Address, formatUnits, getAddress } from "viem";
import { readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import {
  type VaultWriteBody,
  vaultReadOf,
  vaultResponse,
  vaultWriteOf,
} from "../../../kernel/schemas/v1-vaults.ts";
import { readVaultAt, vaultTransaction } from "../../../protocols/erc4626/index.ts";
import {
  ETHENA_CHAIN as CHAIN,
  cooldownCall,
  cooldownOver,
  readCooldown,
  readCooldownDuration,
  readStake,
  stakedUsdeOn,
  unstakeCall,
} from "../../../protocols/ethena/index.ts";

const DAY = 86_400;

/** sUSDe on ethereum, by the address book's name; a deployment without it is a 422 on `chain`. */
function stakedUsde(ctx: Context, at: "query" | "body") {
  const address = stakedUsdeOn(ctx.config);
  if (!address) throw fieldError([at, "chain"], "Ethena is not deployed on ethereum in this deployment");
  return { client: ctx.services.chains.get(CHAIN, [at, "chain"]), address };
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
  const read = vaultReadOf(
    { chain: CHAIN, vault_address: s.address, user_address: query.user_address, block: Number(blockNumber) },
    ctx,
  );
  const vault = vaultResponse(await readVaultAt({ ...read, at }));
  try {
    const duration = await readCooldownDuration(s.client, s.address, blockNumber);
    let cooldown_position = null;
    if (query.user_address) {
      const { end, amount } = await readCooldown(
        s.client,
        s.address,
        getAddress(query.user_address),
        blockNumber,
      );
      cooldown_position = {
        amount_in_underlying_asset: formatUnits(amount, 18),
        cooldown_end: amount > 0n ? new Date(Number(end) * 1000).toISOString() : false,
        can_be_withdrawn: amount > 0n && cooldownOver(end, duration, at.timestamp),
      };
    }
    return { ...vault, cooldown_duration_days: duration / DAY, cooldown_position };
  } catch (error) {
    return rethrowRpc(CHAIN, error, { blockLoc: ["query", "block"], block: query.block });
  }
}

/** USDe staked into sUSDe, as any ERC-4626 deposit. */
export async function ethenaDeposit(ctx: Context, body: Omit<VaultWriteBody, "vault_address">) {
  const s = stakedUsde(ctx, "body");
  const write = vaultWriteOf({ ...body, vault_address: s.address }, ctx);
  return { transaction: await vaultTransaction("deposit", { ...write, spenderName: "EthenaVault" }) };
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
  const [duration, { shares, withdrawable }] = await Promise.all([
    readCooldownDuration(s.client, s.address),
    readStake(s.client, s.address, sender),
  ]).catch((e) => rethrowRpc(CHAIN, e));
  if (duration === 0)
    throw fieldError(AMOUNT, "sUSDe's cooldown is off: withdraw directly (POST /v1/vaults/withdraw)");
  let call: { to: Address; data: `0x${string}` };
  if (body.amount === "ALL") {
    if (shares === 0n) throw fieldError(AMOUNT, "the sender holds no sUSDe");
    call = cooldownCall(s.address, { shares });
  } else {
    const assets = toRawAmount(body.amount, 18, AMOUNT, "USDe");
    if (assets > withdrawable)
      throw fieldError(
        AMOUNT,
        `the sender's sUSDe is worth ${formatUnits(withdrawable, 18)} USDe, less than ${body.amount}`,
      );
    call = cooldownCall(s.address, { assets });
  }
  const transaction = await senderTransaction(s.client, CHAIN, { from: sender, ...call }, fields, {
    estimateGas: body.estimate_gas,
    refusal: "sUSDe refuses the cooldown",
  });
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
  const [{ end, amount }, duration, next] = await Promise.all([
    readCooldown(s.client, s.address, sender),
    readCooldownDuration(s.client, s.address),
    s.client.getBlock({ blockTag: NEXT_BLOCK }),
  ]).catch((e) => rethrowRpc(CHAIN, e));
  const loc: Loc = ["body", "sender"];
  if (amount === 0n)
    throw fieldError(loc, "the sender has no USDe in cooldown; request it first (POST /v1/ethena/request)");
  if (!cooldownOver(end, duration, next.timestamp))
    throw fieldError(
      loc,
      `the sender's ${formatUnits(amount, 18)} USDe is in cooldown until ${new Date(Number(end) * 1000).toISOString()}`,
    );
  const transaction = await senderTransaction(
    s.client,
    CHAIN,
    { from: sender, ...unstakeCall(s.address, receiver) },
    fields,
    { estimateGas: body.estimate_gas, refusal: "sUSDe refuses the unstake" },
  );
  return { transaction };
}
