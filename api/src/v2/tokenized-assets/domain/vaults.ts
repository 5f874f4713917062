import { IXS_REQUEST_STATUS, ixsVaultAbi, MULTICALL3 } from "@compass/constants";
import { type Address, formatUnits, type Log, type PublicClient, parseAbiItem } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { multicall3Abi } from "../../../kernel/chain/multicall.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { KnownToken } from "./tokens.ts";
import type { VenueMarket, VenueSnapshot } from "./venue.ts";

/**
 * Managed ERC-4626 vaults (IXS `ixv1` on bsc): NAV per share, its model, supply and pause state of each, in one
 * batched eth_call. The NAV model gives the same history and candles the venue markets have.
 */
export async function readVaults(
  client: PublicClient,
  chain: ChainName,
  tokens: KnownToken[],
): Promise<VenueSnapshot> {
  const read = <T>(address: Address, functionName: string) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address,
      abi: ixsVaultAbi,
      functionName,
    } as any) as Promise<T>;
  const now = client.readContract({
    blockTag: NEXT_BLOCK,
    address: MULTICALL3,
    abi: multicall3Abi,
    functionName: "getCurrentBlockTimestamp",
  });
  const rows = tokens.map((token) =>
    Promise.all([
      read<bigint>(token.address, "navPerShare"),
      read<{ seed: bigint; p0: bigint; t0: bigint; apyBps: number; volBps: number }>(
        token.address,
        "navModel",
      ),
      read<bigint>(token.address, "totalSupply"),
      read<boolean>(token.address, "paused"),
    ]),
  );
  try {
    const [timestamp, ...results] = await Promise.all([now, ...rows]);
    const markets: VenueMarket[] = results.map(([price, model, supply, paused], i) => ({
      token: tokens[i]!,
      paused,
      spreadBps: 0,
      params: {
        seed: model.seed,
        p0: model.p0,
        t0: Number(model.t0),
        apyBps: model.apyBps,
        volBps: model.volBps,
      },
      price,
      supply,
    }));
    return { now: Number(timestamp), markets };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

interface VaultRequest {
  controller: Address;
  shares: bigint;
  requestedAt: bigint;
  processedAt: bigint;
  status: number;
  assetsPaid: bigint;
}

const REQUESTED = parseAbiItem(
  "event RedeemRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares)",
);
const FINALIZED = parseAbiItem(
  "event RedeemFinalized(uint256 indexed requestId, address indexed controller, uint256 shares, uint256 assets, uint256 fee)",
);
const REJECTED = parseAbiItem(
  "event RedeemRejected(uint256 indexed requestId, address indexed controller, uint256 shares)",
);

/** requestId → the transaction of each event, for the account's requests (bounded eth_getLogs ranges). */
async function requestTransactions(
  reader: LogReader,
  client: PublicClient,
  vault: Address,
  account: Address,
) {
  const [requested, ...processed] = await Promise.all([
    reader.getLogs(client, { address: vault, event: REQUESTED, args: { controller: account } }),
    reader.getLogs(client, { address: vault, event: FINALIZED, args: { controller: account } }),
    reader.getLogs(client, { address: vault, event: REJECTED, args: { controller: account } }),
  ]);
  const byId = (logs: Log[]) =>
    new Map(
      logs.map((l) => [(l as unknown as { args: { requestId: bigint } }).args.requestId, l.transactionHash!]),
    );
  return { filed: byId(requested), settled: byId(processed.flat()) };
}

/**
 * The account's redemption requests at `vault`, read from the chain (ids, then each request and its preview),
 * as `Redemption`s: `pending` with the net assets it would receive at today's NAV, then `finalized` with what
 * was paid, or `rejected` (shares returned).
 */
export async function vaultRedemptions(
  reader: LogReader,
  client: PublicClient,
  chain: ChainName,
  vault: KnownToken,
  account: Address,
) {
  const read = <T>(functionName: string, args: readonly unknown[]) =>
    client.readContract({
      blockTag: NEXT_BLOCK,
      address: vault.address,
      abi: ixsVaultAbi,
      functionName,
      args,
    } as any) as Promise<T>;
  try {
    const ids = await read<readonly bigint[]>("requestIdsOf", [account]);
    const asset = await read<Address>("asset", []);
    const assetDecimals = await client.readContract({
      blockTag: NEXT_BLOCK,
      address: asset,
      abi: ixsVaultAbi,
      functionName: "decimals",
    });
    const [txs, requests] = await Promise.all([
      requestTransactions(reader, client, vault.address, account),
      Promise.all(
        ids.map(async (id) => {
          const r = await read<VaultRequest>("redemptionRequest", [id]);
          const preview =
            r.status === 0 ? await read<readonly [bigint, bigint]>("previewRequest", [id]) : null;
          return { id, r, preview };
        }),
      ),
    ]);
    return requests.map(({ id, r, preview }) => {
      const status = IXS_REQUEST_STATUS[r.status as keyof typeof IXS_REQUEST_STATUS] ?? "unknown";
      return {
        id: Number(id),
        status,
        shares: formatUnits(r.shares, vault.decimals),
        expected_net_assets: preview ? formatUnits(preview[0], assetDecimals) : null,
        requested_at: Number(r.requestedAt),
        processed_at: status === "pending" ? null : Number(r.processedAt),
        kind: "redemption" as const,
        vault: vault.symbol,
        usdc_amount: status === "finalized" ? formatUnits(r.assetsPaid, assetDecimals) : null,
        nav_per_share: null,
        expected_settlement_at: null,
        transaction_hash: txs.filed.get(id) ?? null,
        settlement_transaction_hash: txs.settled.get(id) ?? null,
      };
    });
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
