import type { Address, PublicClient } from "viem";
import type { TxFields } from "../../../../kernel/chain/transaction.ts";
import type { ChainName } from "../../../../kernel/schemas/common.ts";
import type { ActionEnvelope } from "../../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../ports.ts";
import type { KnownToken } from "../tokens.ts";
import type { FeeRequest, Side } from "./request.ts";

/** A validated trade, ready for its flow (venue swap or fund subscription/redemption). */
export interface Trade {
  ctx: TokenizedAssetsContext;
  side: Side;
  chain: ChainName;
  client: PublicClient;
  owner: Address;
  account: Address;
  /** the listed asset bought or sold */
  asset: KnownToken;
  usdc: KnownToken;
  /** raw amount of the input token (USDC on a buy, the asset on a sell) */
  amountIn: bigint;
  /** percent as a fraction of 100e6 */
  slippage: bigint;
  sponsored: boolean;
  fee: FeeRequest | null;
  /** the owner's nonce and fees, prefetched when the owner will send the transaction */
  fields?: Promise<TxFields>;
}

export interface TradeResult extends ActionEnvelope {
  estimated_amount_out: string;
  fee_amount: string | null;
  settlement: "instant" | "async";
  poll_endpoint: string | null;
  expected_settlement_at: string | null;
}
