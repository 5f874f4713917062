import type { Address, Log, PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { TRANSFER_EVENT } from "../../../kernel/chain/logs.ts";

/** Addresses holding a non-zero balance, replayed from the token's Transfer events. */
export async function holderCount(reader: LogReader, client: PublicClient, token: Address): Promise<number> {
  const logs = (await reader.getLogs(client, { address: token, event: TRANSFER_EVENT })) as Log<
    bigint,
    number,
    false,
    typeof TRANSFER_EVENT
  >[];
  const balances = new Map<string, bigint>();
  for (const { args } of logs) {
    if (BigInt(args.from!) !== 0n) balances.set(args.from!, (balances.get(args.from!) ?? 0n) - args.value!);
    balances.set(args.to!, (balances.get(args.to!) ?? 0n) + args.value!);
  }
  return [...balances.entries()].filter(([a, v]) => v > 0n && BigInt(a) !== 0n).length;
}
