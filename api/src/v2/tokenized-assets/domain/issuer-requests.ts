import { type Address, formatUnits } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type CentrifugeRequest,
  centrifugeVault,
  readCentrifugeRequests,
} from "../../../protocols/centrifuge/index.ts";
import { midasContracts, readMidasRedemptions, requestProceeds } from "../../../protocols/midas/index.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { type KnownToken, usdcToken } from "./tokens.ts";

/**
 * The account's Midas redemption requests (ids from the redemption vault's events, each read from the vault) as
 * `Redemption`s: `pending` with the USDC it would pay at today's rate, `finalized` with what the approval paid, or
 * `rejected` (mTokens returned).
 */
function midasRedemptions(
  token: KnownToken,
  usdcDecimals: number,
  { rate, requests }: Awaited<ReturnType<typeof readMidasRedemptions>>,
) {
  return requests.map((r) => {
    const usdc = (at: bigint) =>
      formatUnits(requestProceeds(r.amountMToken, at, r.tokenOutRate, usdcDecimals), usdcDecimals);
    return {
      id: Number(r.id),
      status: r.status,
      shares: formatUnits(r.amountMTokenIn, token.decimals),
      expected_net_assets: r.status === "pending" ? usdc(rate) : null,
      requested_at: r.requestedAt,
      processed_at: r.status === "pending" ? null : r.settledAt,
      kind: "redemption" as const,
      vault: token.symbol,
      usdc_amount: r.status === "finalized" ? usdc(r.mTokenRate) : null,
      nav_per_share: r.status === "finalized" ? formatUnits(r.mTokenRate, 18) : null,
      expected_settlement_at: null,
      transaction_hash: r.transactionHash,
      settlement_transaction_hash: r.settlementTransactionHash,
    };
  });
}

/**
 * The account's ERC-7540 requests at a Centrifuge vault: each DepositRequest (a subscription) or RedeemRequest is
 * `pending` until the issuer's next fulfilment of that kind for the account, which settles every request before it
 * at one price; ids are the requests' positions in the chain (ERC-7540 vaults of this kind use request id 0 for all).
 */
function centrifugeRequests(token: KnownToken, usdcDecimals: number, requests: CentrifugeRequest[]) {
  return requests.map(({ kind, position, amount, requestedAt, transactionHash, fulfilment }) => {
    const deposit = kind === "deposit";
    return {
      id: position,
      status: fulfilment ? ("finalized" as const) : ("pending" as const),
      shares: deposit
        ? fulfilment
          ? formatUnits(fulfilment.shares, token.decimals)
          : "0"
        : formatUnits(amount, token.decimals),
      expected_net_assets: null,
      requested_at: requestedAt,
      processed_at: fulfilment ? fulfilment.at : null,
      kind: deposit ? ("subscription" as const) : ("redemption" as const),
      vault: token.symbol,
      usdc_amount: deposit
        ? formatUnits(amount, usdcDecimals)
        : fulfilment
          ? formatUnits(fulfilment.assets, usdcDecimals)
          : null,
      nav_per_share: null,
      expected_settlement_at: null,
      transaction_hash: transactionHash,
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
  const redemptionVault = midasContracts(ctx.config, chain, token.symbol).redemptionVault;
  const vault = centrifugeVault(ctx.config, chain, token.symbol);
  const client = ctx.services.chains.get(chain);
  const reader = ctx.services.chains.logs;
  const usdc = usdcToken(chain)!.decimals;
  try {
    if (redemptionVault)
      return midasRedemptions(
        token,
        usdc,
        await readMidasRedemptions(reader, client, redemptionVault, account),
      );
    if (vault)
      return centrifugeRequests(token, usdc, await readCentrifugeRequests(reader, client, vault, account));
    return [];
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}
