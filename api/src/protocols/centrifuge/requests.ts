import { centrifugeVaultAbi } from "@compass/constants";
import type { Address, Hex, Log, PublicClient } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";

type Decoded = Log & { args: Record<string, any>; eventName: string };
const EVENTS = ["DepositRequest", "RedeemRequest", "DepositClaimable", "RedeemClaimable"].map((name) =>
  (centrifugeVaultAbi as readonly any[]).find((e) => e.type === "event" && e.name === name),
);

/** One ERC-7540 request at a Centrifuge vault, and the fulfilment that settled it. */
export interface CentrifugeRequest {
  kind: "deposit" | "redeem";
  /** its position in the chain (block × 100000 + log index): vaults of this kind use request id 0 for all */
  position: number;
  /** assets of a deposit request, shares of a redemption request */
  amount: bigint;
  requestedAt: number;
  transactionHash: Hex;
  /** the issuer's next fulfilment of that kind for the controller, which settles every request before it */
  fulfilment: { assets: bigint; shares: bigint; at: number; transactionHash: Hex } | null;
}

/**
 * `controller`'s deposit and redemption requests at `vault`, from its events, oldest first: each is settled by the
 * first DepositClaimable (RedeemClaimable) for the controller after it, at one price for all before it.
 */
export async function readCentrifugeRequests(
  reader: LogReader,
  client: PublicClient,
  vault: Address,
  controller: Address,
): Promise<CentrifugeRequest[]> {
  const logs = (await reader.getLogs(client, {
    address: vault,
    events: EVENTS,
    topics: [`0x000000000000000000000000${controller.slice(2).toLowerCase()}`],
  })) as Decoded[];
  const times = await blockTimes(client, logs);
  const order = (l: Log) => Number(l.blockNumber!) * 100_000 + l.logIndex!;
  const sorted = [...logs].sort((a, b) => order(a) - order(b));
  return sorted
    .filter((l) => l.eventName.endsWith("Request"))
    .map((log) => {
      const deposit = log.eventName === "DepositRequest";
      const fulfilment = sorted.find(
        (l) => l.eventName === (deposit ? "DepositClaimable" : "RedeemClaimable") && order(l) > order(log),
      );
      return {
        kind: deposit ? "deposit" : "redeem",
        position: order(log),
        amount: deposit ? log.args.assets : log.args.shares,
        requestedAt: times.get(log.blockNumber!)!,
        transactionHash: log.transactionHash!,
        fulfilment: fulfilment
          ? {
              assets: fulfilment.args.assets,
              shares: fulfilment.args.shares,
              at: times.get(fulfilment.blockNumber!)!,
              transactionHash: fulfilment.transactionHash!,
            }
          : null,
      };
    });
}
