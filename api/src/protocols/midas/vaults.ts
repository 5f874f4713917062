import { MULTICALL3, midasDepositVaultAbi, midasRedemptionVaultAbi } from "@compass/constants";
import { type Address, type Hex, type PublicClient, toFunctionSelector } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";
import { multicall3Abi } from "../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";

const DAY = 86_400n;
const selector = (signature: string) => toFunctionSelector(signature) as Hex;
const DEPOSIT_INSTANT = selector("depositInstant(address,uint256,uint256,bytes32)");
const REDEEM_INSTANT = selector("redeemInstant(address,uint256,uint256)");
const REDEEM_REQUEST = selector("redeemRequest(address,uint256)");

/** What a Midas vault would do with an amount now: its instant path, its limits and pauses. Base 18 amounts. */
export interface VaultState {
  /** what the instant path pays for the amount, net of the instant fee */
  out18: bigint;
  /** the vault, or its instant function, is paused */
  instantPaused: boolean;
  /** the least amount the vault takes (mTokens issued on a deposit, mTokens in on a redemption) */
  minAmount: bigint;
  /** what is left of today's instant limit */
  room: bigint;
}

export interface RedemptionVaultState extends VaultState {
  /** the vault, or its redeemRequest, is paused */
  requestPaused: boolean;
  /** the vault's `tokenOut` on hand for instant redemptions */
  liquidity: bigint;
}

/**
 * The deposit vault's instant path for `amount18` of `tokenIn`: the mTokens `previewDepositInstant` gives, the
 * pauses, the minimum and today's instant limit (one batch, then today's usage by the block's day).
 */
export async function readDepositVault(
  client: PublicClient,
  vault: Address,
  tokenIn: Address,
  amount18: bigint,
): Promise<VaultState> {
  const state = await readVault(client, vault, "deposit", tokenIn, amount18);
  return { ...state, instantPaused: state.paused || state.fns[0]! };
}

/**
 * The redemption vault for `amount18` mTokens paid out in `tokenOut`: the instant path (`previewRedeemInstant`,
 * today's limit, the vault's liquidity) and whether requests are open.
 */
export async function readRedemptionVault(
  client: PublicClient,
  vault: Address,
  tokenOut: Address,
  amount18: bigint,
): Promise<RedemptionVaultState> {
  const state = await readVault(client, vault, "redemption", tokenOut, amount18);
  return {
    ...state,
    instantPaused: state.paused || state.fns[0]!,
    requestPaused: state.paused || state.fns[1]!,
  };
}

async function readVault(
  client: PublicClient,
  vault: Address,
  kind: "deposit" | "redemption",
  token: Address,
  amount18: bigint,
) {
  const deposit = kind === "deposit";
  const read = contractReader(client, vault, deposit ? midasDepositVaultAbi : midasRedemptionVaultAbi);
  const [preview, paused, fns, minAmount, limit, now, liquidity] = await Promise.all([
    read<readonly [bigint, bigint]>(deposit ? "previewDepositInstant" : "previewRedeemInstant", [
      token,
      amount18,
    ]),
    read<boolean>("paused"),
    Promise.all(
      (deposit ? [DEPOSIT_INSTANT] : [REDEEM_INSTANT, REDEEM_REQUEST]).map((fn) =>
        read<boolean>("fnPaused", [fn]),
      ),
    ),
    read<bigint>("minAmount"),
    read<bigint>("instantDailyLimit"),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: MULTICALL3,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    }),
    deposit ? Promise.resolve(0n) : read<bigint>("liquidity", [token]),
  ]);
  const used = await read<bigint>("dailyLimits", [BigInt(now) / DAY]);
  return {
    out18: preview[0],
    paused,
    fns,
    minAmount,
    room: limit > used ? limit - used : 0n,
    liquidity,
  };
}
