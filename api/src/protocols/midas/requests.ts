import { midasRedemptionVaultAbi } from "@compass/constants";
import type { Address, Hex, Log, PublicClient } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";

type Decoded = Log & { args: Record<string, any>; eventName: string };
const event = (name: string) =>
  (midasRedemptionVaultAbi as readonly any[]).find((e) => e.type === "event" && e.name === name);
/** `redeemRequests(id).status` codes */
const STATUS = ["pending", "finalized", "rejected"] as const;

/** One redemption request at a Midas RedemptionVault. Amounts and rates are base 18. */
export interface MidasRedemptionRequest {
  id: bigint;
  status: (typeof STATUS)[number] | "unknown";
  /** mTokens the request escrowed (its event) */
  amountMTokenIn: bigint;
  /** the request as the vault holds it: mTokens, and the rates it is (or was) paid at */
  amountMToken: bigint;
  mTokenRate: bigint;
  tokenOutRate: bigint;
  requestedAt: number;
  /** when Midas approved or rejected it, null until then */
  settledAt: number | null;
  transactionHash: Hex;
  settlementTransactionHash: Hex | null;
}

/**
 * `account`'s redemption requests at `vault`: ids from its RedeemRequest events, settlements from the vault's
 * ApproveRequest/RejectRequest events, each request read from the vault; with the vault's mToken rate now.
 */
export async function readMidasRedemptions(
  reader: LogReader,
  client: PublicClient,
  vault: Address,
  account: Address,
): Promise<{ rate: bigint; requests: MidasRedemptionRequest[] }> {
  const [requested, settled] = await Promise.all([
    reader.getLogs(client, { address: vault, event: event("RedeemRequest"), args: { user: account } }),
    reader.getLogs(client, {
      address: vault,
      events: [event("ApproveRequest"), event("RejectRequest")],
      topics: [],
    }),
  ]);
  const logs = [...requested, ...settled] as Decoded[];
  const [times, rate] = await Promise.all([
    blockTimes(client, logs),
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault,
      abi: midasRedemptionVaultAbi,
      functionName: "mTokenRate",
    }),
  ]);
  const settledBy = new Map((settled as Decoded[]).map((l) => [BigInt(l.args.requestId), l]));
  const requests = await Promise.all(
    (requested as Decoded[]).map(async (log): Promise<MidasRedemptionRequest> => {
      const id = BigInt(log.args.requestId);
      const [, , status, amountMToken, mTokenRate, tokenOutRate] = await client.readContract({
        blockTag: NEXT_BLOCK,
        address: vault,
        abi: midasRedemptionVaultAbi,
        functionName: "redeemRequests",
        args: [id],
      });
      const done = settledBy.get(id);
      return {
        id,
        status: STATUS[status] ?? "unknown",
        amountMTokenIn: log.args.amountMTokenIn,
        amountMToken,
        mTokenRate,
        tokenOutRate,
        requestedAt: times.get(log.blockNumber!)!,
        settledAt: done ? times.get(done.blockNumber!)! : null,
        transactionHash: log.transactionHash!,
        settlementTransactionHash: done?.transactionHash ?? null,
      };
    }),
  );
  return { rate, requests };
}
