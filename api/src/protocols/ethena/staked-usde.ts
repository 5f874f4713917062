import { type Address, encodeFunctionData, getAddress, type PublicClient, parseAbi } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";

/** Ethena runs on Ethereum alone. */
export const ETHENA_CHAIN = "ethereum" as const;

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

/** sUSDe on Ethereum by the address book's name, or null where the deployment has none. */
export function stakedUsdeOn(config: Config): Address | null {
  const address = addressBook(config)?.chains[ETHENA_CHAIN]?.contracts.EthenaStakedUsde;
  return address ? getAddress(address) : null;
}

/** at a block number, else for the next block */
const at = (blockNumber?: bigint) => (blockNumber === undefined ? { blockTag: NEXT_BLOCK } : { blockNumber });

/** sUSDe's cooldown in seconds (0: withdrawals are immediate, through ERC-4626 `withdraw`). */
export const readCooldownDuration = (client: PublicClient, sUsde: Address, blockNumber?: bigint) =>
  client.readContract({
    address: sUsde,
    abi: stakedUsdeAbi,
    functionName: "cooldownDuration",
    ...at(blockNumber),
  });

/** What `user` has in cooldown (USDe, 18 decimals) and when the cooldown ends (seconds). */
export async function readCooldown(
  client: PublicClient,
  sUsde: Address,
  user: Address,
  blockNumber?: bigint,
) {
  const [end, amount] = await client.readContract({
    address: sUsde,
    abi: stakedUsdeAbi,
    functionName: "cooldowns",
    args: [user],
    ...at(blockNumber),
  });
  return { end, amount };
}

/** Whether a cooldown ending at `end` is over at `timestamp` (always, while the cooldown is off). */
export const cooldownOver = (end: bigint, duration: number, timestamp: bigint) =>
  duration === 0 || timestamp >= end;

/** `owner`'s sUSDe for the next block: its shares and the USDe it can withdraw (into cooldown). */
export async function readStake(client: PublicClient, sUsde: Address, owner: Address) {
  const read = (functionName: "balanceOf" | "maxWithdraw") =>
    client.readContract({
      address: sUsde,
      abi: stakedUsdeAbi,
      functionName,
      args: [owner],
      blockTag: NEXT_BLOCK,
    });
  const [shares, withdrawable] = await Promise.all([read("balanceOf"), read("maxWithdraw")]);
  return { shares, withdrawable };
}

/** The first step out: `cooldownAssets(assets)`, or `cooldownShares(shares)` for every share. */
export const cooldownCall = (sUsde: Address, amount: { assets: bigint } | { shares: bigint }): Call => ({
  to: sUsde,
  data:
    "shares" in amount
      ? encodeFunctionData({ abi: stakedUsdeAbi, functionName: "cooldownShares", args: [amount.shares] })
      : encodeFunctionData({ abi: stakedUsdeAbi, functionName: "cooldownAssets", args: [amount.assets] }),
});

/** The second step: `unstake(receiver)` pays out what the caller has in cooldown once it has ended. */
export const unstakeCall = (sUsde: Address, receiver: Address): Call => ({
  to: sUsde,
  data: encodeFunctionData({ abi: stakedUsdeAbi, functionName: "unstake", args: [receiver] }),
});
