import { type Address, formatUnits, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { readIxsMarket, readIxsRedemptions } from "../../../protocols/ixs/index.ts";
import type { KnownToken } from "./tokens.ts";
import { snapshotTime, type VenueMarket, type VenueSnapshot } from "./venue.ts";

/**
 * Managed ERC-4626 vaults (IXS `ixv1` on bsc): NAV per share, its model, supply and pause state of each, in one
 * batched eth_call. The NAV model gives the same history and candles the venue markets have.
 */
export async function readVaults(
  client: PublicClient,
  chain: ChainName,
  tokens: KnownToken[],
): Promise<VenueSnapshot> {
  const now = snapshotTime(client);
  const rows = tokens.map((token) => readIxsMarket(client, token.address));
  try {
    const [timestamp, ...results] = await Promise.all([now, ...rows]);
    const markets: VenueMarket[] = results.map(({ model, price, supply, paused }, i) => ({
      token: tokens[i]!,
      paused,
      spreadBps: 0,
      params: model,
      price,
      supply,
    }));
    return { now: Number(timestamp), markets };
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/**
 * The account's redemption requests at `vault` as `Redemption`s: `pending` with the net assets it would receive at
 * today's NAV, then `finalized` with what was paid, or `rejected` (shares returned).
 */
export async function vaultRedemptions(
  reader: LogReader,
  client: PublicClient,
  chain: ChainName,
  vault: KnownToken,
  account: Address,
) {
  try {
    const { assetDecimals, requests } = await readIxsRedemptions(reader, client, vault.address, account);
    return requests.map((r) => ({
      id: Number(r.id),
      status: r.status,
      shares: formatUnits(r.shares, vault.decimals),
      expected_net_assets: r.netAssets === null ? null : formatUnits(r.netAssets, assetDecimals),
      requested_at: r.requestedAt,
      processed_at: r.status === "pending" ? null : r.processedAt,
      kind: "redemption" as const,
      vault: vault.symbol,
      usdc_amount: r.status === "finalized" ? formatUnits(r.assetsPaid, assetDecimals) : null,
      nav_per_share: null,
      expected_settlement_at: null,
      transaction_hash: r.transactionHash,
      settlement_transaction_hash: r.settlementTransactionHash,
    }));
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
