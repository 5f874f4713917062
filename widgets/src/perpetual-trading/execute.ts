import {
  type PerpetualTradingExecuteResponse,
  perpetualTradingExecute,
  type Transport,
  type TypedData,
} from "@compass/sdk";
import type { Address, Hex } from "viem";
import { hashTypedData } from "./eip712.ts";
import { VenueRefusal, WrongSignerError } from "./errors.ts";
import { recoverAddress } from "./secp256k1.ts";

/** The API's EIP-712 payload (`typed_data`, a permit). */
export type TypedDataPayload = TypedData;

/** What a flow needs from a wallet: the account, its active chain and an EIP-712 signer. */
export interface Signer {
  address: Address;
  /** the chain the wallet is on now: user-signed actions are signed for it (wallets refuse any other) */
  chainId(): Promise<number>;
  signTypedData(typedData: TypedDataPayload): Promise<Hex>;
}

export interface Prepared {
  typed_data: TypedData;
  action: Record<string, unknown>;
  nonce: number;
}

/** Wallets derive EIP712Domain from the domain themselves; some refuse it in `types`. */
export function withoutDomainType(td: TypedDataPayload): TypedDataPayload {
  const { EIP712Domain: _, ...types } = td.types;
  return { ...td, types };
}

/**
 * Signs a prepared action with the connected wallet, checks the signature is the owner's (a wallet
 * that switched accounts mid-flow would otherwise be refused by the venue), and relays it. Throws
 * VenueRefusal when the venue says no, including per-order errors inside an "ok" reply.
 */
export async function signAndExecute(
  transport: Transport,
  signer: Signer,
  prepared: Prepared,
  onSigned?: () => void,
): Promise<PerpetualTradingExecuteResponse> {
  const typedData = withoutDomainType(prepared.typed_data);
  const signature = await signer.signTypedData(typedData);
  onSigned?.();
  const recovered = recoverAddress(hashTypedData(typedData as never), signature);
  if (recovered.toLowerCase() !== signer.address.toLowerCase())
    throw new WrongSignerError(
      `Your wallet signed with ${recovered}, not with the connected account ${signer.address}. Switch back to it (or reconnect) and try again.`,
    );
  const result = await perpetualTradingExecute(transport, {
    action: prepared.action,
    nonce: prepared.nonce,
    signature,
  });
  if (result.status === "error")
    throw new VenueRefusal(String((result.response as { error?: unknown })?.error ?? "refused"));
  const statuses = (result.response as { data?: { statuses?: unknown[] } })?.data?.statuses ?? [];
  const failed = statuses.find(
    (s): s is { error: string } => typeof s === "object" && s !== null && "error" in s,
  );
  if (failed) throw new VenueRefusal(failed.error.replace(/ asset=\d+$/, ""));
  return result;
}

/** The first order status of an order reply: what filled, or what rests. */
export function orderOutcome(
  result: PerpetualTradingExecuteResponse,
): { filled: { totalSz: string; avgPx: string; oid: number } } | { resting: { oid: number } } | undefined {
  return (result.response as any)?.data?.statuses?.[0];
}
