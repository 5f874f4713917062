import {
  erc20ErrorsAbi,
  MULTICALL3,
  midasDepositVaultAbi,
  midasRedemptionVaultAbi,
} from "@compass/constants";
import { encodeFunctionData, erc20Abi, formatUnits, type Hex, toFunctionSelector, zeroHash } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { multicall3Abi } from "../../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { DomainError } from "../../../../kernel/errors.ts";
import type { AccountCall } from "../../../../product-accounts/index.ts";
import { buildAccountAction, readAccountState } from "../../../../product-accounts/index.ts";
import { issuerContracts } from "../issuer-markets.ts";
import { POLL_ENDPOINT } from "../mmf.ts";
import { requireBalance, requireDeployed } from "./checks.ts";
import type { Trade, TradeResult } from "./context.ts";
import { feeAmount, minimumOut } from "./request.ts";

const DAY = 86_400n;
const selector = (signature: string) => toFunctionSelector(signature) as Hex;
const DEPOSIT_INSTANT = selector("depositInstant(address,uint256,uint256,bytes32)");
const REDEEM_INSTANT = selector("redeemInstant(address,uint256,uint256)");
const REDEEM_REQUEST = selector("redeemRequest(address,uint256)");

/**
 * A Midas mToken through Midas's own vaults, executed by the product account. Buy: `depositInstant` on the
 * DepositVault (USDC in, mTokens at the feed's rate less the instant fee, a minimum from `slippage`). Sell: an
 * instant `redeemInstant` on the RedemptionVault when the vault's daily instant limit and USDC liquidity cover it
 * (instant, a partner fee may come from the proceeds in the same transaction); otherwise a `redeemRequest` the
 * issuer approves later (`settlement: "async"`, listed in GET /redemptions). Midas counts amounts in base 18.
 */
export async function midasTrade(t: Trade): Promise<TradeResult> {
  const c = issuerContracts(t.ctx.config, t.chain, t.asset.symbol);
  const buying = t.side === "buy";
  const vault = buying ? c.depositVault : c.redemptionVault;
  if (!vault)
    throw new DomainError(
      422,
      "No venue",
      `token_out: no Midas vault issues ${t.asset.symbol} on ${t.chain}`,
    );
  const abi = buying ? midasDepositVaultAbi : midasRedemptionVaultAbi;
  const input = buying ? t.usdc : t.asset;
  const toBase18 = (raw: bigint, decimals: number) => raw * 10n ** BigInt(18 - decimals);
  const amount18 = toBase18(t.amountIn, input.decimals);
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    t.client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault,
      abi,
      functionName,
      args,
    } as any) as Promise<T>;
  const [state, balance, allowance, preview, paused, fns, minAmount, limit, now, liquidity] =
    await Promise.all([
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
      read<readonly [bigint, bigint]>(buying ? "previewDepositInstant" : "previewRedeemInstant", [
        t.usdc.address,
        amount18,
      ]),
      read<boolean>("paused"),
      Promise.all(
        (buying ? [DEPOSIT_INSTANT] : [REDEEM_INSTANT, REDEEM_REQUEST]).map((fn) =>
          read<boolean>("fnPaused", [fn]),
        ),
      ),
      read<bigint>("minAmount"),
      read<bigint>("instantDailyLimit"),
      t.client.readContract({
        blockTag: NEXT_BLOCK,
        address: MULTICALL3,
        abi: multicall3Abi,
        functionName: "getCurrentBlockTimestamp",
      }),
      buying ? Promise.resolve(0n) : read<bigint>("liquidity", [t.usdc.address]),
    ]).catch((error) => rethrowRpc(t.chain, error));
  const used = await read<bigint>("dailyLimits", [BigInt(now) / DAY]).catch((error) =>
    rethrowRpc(t.chain, error),
  );

  requireDeployed(state.deployed, t.account, t.chain);
  requireBalance(balance, t.amountIn, input);
  const [out18] = preview;
  const paused$ = (which: string) =>
    new DomainError(422, "Market paused", `${t.asset.symbol}: Midas has paused ${which} on ${t.chain}`);
  const room = limit > used ? limit - used : 0n;
  const calls: AccountCall[] = [];
  if (allowance < t.amountIn)
    calls.push({
      to: input.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, t.amountIn] }),
    });

  if (buying) {
    if (paused || fns[0]) throw paused$("instant deposits");
    if (out18 < minAmount)
      throw new DomainError(
        422,
        "Amount too small",
        `amount_in: Midas issues at least ${formatUnits(minAmount, 18)} ${t.asset.symbol} per deposit; this buys ${formatUnits(out18, 18)}`,
      );
    if (out18 > room)
      throw new DomainError(
        422,
        "Over the instant limit",
        `amount_in: Midas's instant deposits of ${t.asset.symbol} have ${formatUnits(room, 18)} left today; buy less or tomorrow`,
      );
    const minOut = minimumOut(out18, t.slippage);
    calls.push({
      to: vault,
      data: encodeFunctionData({
        abi: midasDepositVaultAbi,
        functionName: "depositInstant",
        args: [t.usdc.address, amount18, minOut, zeroHash],
      }),
    });
    const envelope = await build(t, calls, state.nonce);
    return { ...envelope, ...instant(formatUnits(out18, 18), null) };
  }

  if (amount18 < minAmount)
    throw new DomainError(
      422,
      "Amount too small",
      `amount_in: Midas redeems at least ${formatUnits(minAmount, 18)} ${t.asset.symbol}`,
    );
  const usdcOut = out18 / 10n ** BigInt(18 - t.usdc.decimals);
  const canInstant = !paused && !fns[0] && amount18 <= room && out18 <= liquidity;
  if (canInstant) {
    const minOut18 = minimumOut(out18, t.slippage);
    const minOut = minOut18 / 10n ** BigInt(18 - t.usdc.decimals);
    const fee = t.fee ? feeAmount(t.fee, usdcOut) : 0n;
    if (fee > minOut)
      throw new DomainError(422, "Fee too large", "fee.amount: exceeds the minimum proceeds of the sale");
    calls.push({
      to: vault,
      data: encodeFunctionData({
        abi: midasRedemptionVaultAbi,
        functionName: "redeemInstant",
        args: [t.usdc.address, amount18, minOut18],
      }),
    });
    if (fee > 0n)
      calls.push({
        to: t.usdc.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [t.fee!.recipient, fee] }),
      });
    const envelope = await build(t, calls, state.nonce);
    return {
      ...envelope,
      ...instant(formatUnits(usdcOut - fee, t.usdc.decimals), formatUnits(fee, t.usdc.decimals)),
    };
  }
  // the instant path is closed (paused, today's limit or the vault's USDC): a request Midas approves later
  if (paused || fns[1]) throw paused$("redemptions");
  if (t.fee)
    throw new DomainError(
      422,
      "Fee not supported",
      `fee: this sale is a Midas redemption request (the instant limit or liquidity does not cover it), paid when Midas approves it, so no fee can be taken in this transaction`,
    );
  calls.push({
    to: vault,
    data: encodeFunctionData({
      abi: midasRedemptionVaultAbi,
      functionName: "redeemRequest",
      args: [t.usdc.address, amount18],
    }),
  });
  const envelope = await build(t, calls, state.nonce);
  return {
    ...envelope,
    // the request carries Midas's standard fee (no instant fee); the rate is the one of approval day
    estimated_amount_out: formatUnits(usdcOut, t.usdc.decimals),
    fee_amount: null,
    settlement: "async",
    poll_endpoint: POLL_ENDPOINT,
    expected_settlement_at: null,
  };
}

function instant(out: string, fee: string | null) {
  return {
    estimated_amount_out: out,
    fee_amount: fee,
    settlement: "instant" as const,
    poll_endpoint: null,
    expected_settlement_at: null,
  };
}

function build(t: Trade, calls: AccountCall[], nonce: bigint) {
  return buildAccountAction({
    client: t.client,
    chain: t.chain,
    owner: t.owner,
    account: t.account,
    calls,
    nonce,
    sponsored: t.sponsored,
    fields: t.fields,
    abis: [midasDepositVaultAbi, midasRedemptionVaultAbi, erc20ErrorsAbi],
  });
}
