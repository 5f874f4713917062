import { IXS_REQUEST_STATUS, ixsVaultAbi } from "@compass/constants";
import type { Address, Hex, Log, PublicClient } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { REDEEM_FINALIZED, REDEEM_REJECTED, REDEEM_REQUESTED } from "./events.ts";

interface VaultRequest {
  controller: Address;
  shares: bigint;
  requestedAt: bigint;
  processedAt: bigint;
  status: number;
  assetsPaid: bigint;
}

/** One redemption request at the vault, as it holds it. */
export interface IxsRedemption {
  id: bigint;
  status: (typeof IXS_REQUEST_STATUS)[keyof typeof IXS_REQUEST_STATUS] | "unknown";
  shares: bigint;
  requestedAt: number;
  /** when the manager finalised or rejected it (0 while pending) */
  processedAt: number;
  /** assets paid on finalisation */
  assetsPaid: bigint;
  /** a pending request's net assets at today's NAV (`previewRequest`), null once processed */
  netAssets: bigint | null;
  transactionHash: Hex | null;
  settlementTransactionHash: Hex | null;
}

/** requestId → the transaction of each event, for the account's requests (bounded eth_getLogs ranges). */
async function requestTransactions(
  reader: LogReader,
  client: PublicClient,
  vault: Address,
  account: Address,
) {
  const [requested, ...processed] = await Promise.all([
    reader.getLogs(client, { address: vault, event: REDEEM_REQUESTED, args: { controller: account } }),
    reader.getLogs(client, { address: vault, event: REDEEM_FINALIZED, args: { controller: account } }),
    reader.getLogs(client, { address: vault, event: REDEEM_REJECTED, args: { controller: account } }),
  ]);
  const byId = (logs: Log[]) =>
    new Map(
      logs.map((l) => [(l as unknown as { args: { requestId: bigint } }).args.requestId, l.transactionHash!]),
    );
  return { filed: byId(requested), settled: byId(processed.flat()) };
}

/**
 * `account`'s redemption requests at `vault`, read from the chain (ids, then each request and, while pending, its
 * preview), with the decimals of the vault's asset they are paid in.
 */
export async function readIxsRedemptions(
  reader: LogReader,
  client: PublicClient,
  vault: Address,
  account: Address,
): Promise<{ assetDecimals: number; requests: IxsRedemption[] }> {
  const read = contractReader(client, vault, ixsVaultAbi);
  const ids = await read<readonly bigint[]>("requestIdsOf", [account]);
  const asset = await read<Address>("asset", []);
  const assetDecimals = await client.readContract({
    blockTag: NEXT_BLOCK,
    address: asset,
    abi: ixsVaultAbi,
    functionName: "decimals",
  });
  const [txs, requests] = await Promise.all([
    requestTransactions(reader, client, vault, account),
    Promise.all(
      ids.map(async (id) => {
        const r = await read<VaultRequest>("redemptionRequest", [id]);
        const preview = r.status === 0 ? await read<readonly [bigint, bigint]>("previewRequest", [id]) : null;
        return { id, r, preview };
      }),
    ),
  ]);
  return {
    assetDecimals,
    requests: requests.map(({ id, r, preview }) => ({
      id,
      status: IXS_REQUEST_STATUS[r.status as keyof typeof IXS_REQUEST_STATUS] ?? "unknown",
      shares: r.shares,
      requestedAt: Number(r.requestedAt),
      processedAt: Number(r.processedAt),
      assetsPaid: r.assetsPaid,
      netAssets: preview ? preview[0] : null,
      transactionHash: txs.filed.get(id) ?? null,
      settlementTransactionHash: txs.settled.get(id) ?? null,
    })),
  };
}
