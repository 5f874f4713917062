import { centrifugeVaultAbi, midasRedemptionVaultAbi } from "@compass/constants";
import { type Address, formatUnits, type Log, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { issuerContracts } from "./issuer-markets.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { type KnownToken, usdcToken } from "./tokens.ts";

type Decoded = Log & { args: Record<string, any>; eventName: string };
const event = (abi: readonly any[], name: string) => abi.find((e) => e.type === "event" && e.name === name);
const STATUS = ["pending", "finalized", "rejected"] as const;

/**
 * The account's Midas redemption requests at `vault` (ids from its RedeemRequest events, each request read from
 * the vault): `pending` with the USDC it would pay at today's rate, `finalized` with what the approval paid, or
 * `rejected` (mTokens returned).
 */
export async function midasRedemptions(
  reader: LogReader,
  client: PublicClient,
  token: KnownToken,
  vault: Address,
  account: Address,
  usdcDecimals: number,
) {
  const [requested, settled] = await Promise.all([
    reader.getLogs(client, {
      address: vault,
      event: event(midasRedemptionVaultAbi, "RedeemRequest"),
      args: { user: account },
    }),
    reader.getLogs(client, {
      address: vault,
      events: [
        event(midasRedemptionVaultAbi, "ApproveRequest"),
        event(midasRedemptionVaultAbi, "RejectRequest"),
      ],
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
  return Promise.all(
    (requested as Decoded[]).map(async (log) => {
      const id = BigInt(log.args.requestId);
      const [, , status, amountMToken, mTokenRate, tokenOutRate] = await client.readContract({
        blockTag: NEXT_BLOCK,
        address: vault,
        abi: midasRedemptionVaultAbi,
        functionName: "redeemRequests",
        args: [id],
      });
      const state = STATUS[status] ?? "unknown";
      const usdc = (r: bigint) =>
        formatUnits((amountMToken * r) / tokenOutRate / 10n ** BigInt(18 - usdcDecimals), usdcDecimals);
      const done = settledBy.get(id);
      return {
        id: Number(id),
        status: state,
        shares: formatUnits(log.args.amountMTokenIn, token.decimals),
        expected_net_assets: state === "pending" ? usdc(rate) : null,
        requested_at: times.get(log.blockNumber!)!,
        processed_at: state === "pending" || !done ? null : times.get(done.blockNumber!)!,
        kind: "redemption" as const,
        vault: token.symbol,
        usdc_amount: state === "finalized" ? usdc(mTokenRate) : null,
        nav_per_share: state === "finalized" ? formatUnits(mTokenRate, 18) : null,
        expected_settlement_at: null,
        transaction_hash: log.transactionHash,
        settlement_transaction_hash: done?.transactionHash ?? null,
      };
    }),
  );
}

/**
 * The account's ERC-7540 requests at a Centrifuge vault, from its events: each DepositRequest (a subscription) or
 * RedeemRequest is `pending` until the issuer's next fulfilment of that kind for the account (DepositClaimable /
 * RedeemClaimable), which settles every request before it at one price; ids are the requests' positions in the
 * chain (ERC-7540 vaults of this kind use request id 0 for all).
 */
export async function centrifugeRequests(
  reader: LogReader,
  client: PublicClient,
  token: KnownToken,
  vault: Address,
  account: Address,
  usdcDecimals: number,
) {
  const logs = (await reader.getLogs(client, {
    address: vault,
    events: ["DepositRequest", "RedeemRequest", "DepositClaimable", "RedeemClaimable"].map((n) =>
      event(centrifugeVaultAbi, n),
    ),
    topics: [`0x000000000000000000000000${account.slice(2).toLowerCase()}`],
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
      const amount = deposit ? log.args.assets : log.args.shares;
      return {
        id: order(log),
        status: fulfilment ? ("finalized" as const) : ("pending" as const),
        shares: deposit
          ? fulfilment
            ? formatUnits(fulfilment.args.shares, token.decimals)
            : "0"
          : formatUnits(amount, token.decimals),
        expected_net_assets: null,
        requested_at: times.get(log.blockNumber!)!,
        processed_at: fulfilment ? times.get(fulfilment.blockNumber!)! : null,
        kind: deposit ? ("subscription" as const) : ("redemption" as const),
        vault: token.symbol,
        usdc_amount: deposit
          ? formatUnits(amount, usdcDecimals)
          : fulfilment
            ? formatUnits(fulfilment.args.assets, usdcDecimals)
            : null,
        nav_per_share: null,
        expected_settlement_at: null,
        transaction_hash: log.transactionHash,
        settlement_transaction_hash: fulfilment?.transactionHash ?? null,
      };
    });
}

/** The account's requests with the issuer of `token` on `chain` (Midas redemptions, Centrifuge requests). */
export async function issuerRequests(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  token: KnownToken,
  account: Address,
) {
  const c = issuerContracts(ctx.config, chain, token.symbol);
  const client = ctx.services.chains.get(chain);
  const usdc = usdcToken(chain)!.decimals;
  const reader = ctx.services.chains.logs;
  try {
    if (c.redemptionVault)
      return await midasRedemptions(reader, client, token, c.redemptionVault, account, usdc);
    if (c.vault) return await centrifugeRequests(reader, client, token, c.vault, account, usdc);
    return [];
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
