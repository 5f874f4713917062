import { signL1Action, signUserSignedAction } from "@nktkas/hyperliquid/signing";
import type { VenueNetwork } from "../domain/ports.ts";

export interface TypedDataPayload {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** What every prepare op returns: the typed data to sign, and the action and nonce to send back. */
export interface SignableAction {
  typed_data: TypedDataPayload;
  action: Record<string, unknown>;
  nonce: number;
}

type CaptureWallet = {
  address: `0x${string}`;
  signTypedData(params: TypedDataPayload): Promise<`0x${string}`>;
};

// A well-formed signature for the library to split; it is discarded.
const PLACEHOLDER = `0x${"11".repeat(64)}1b` as const;

/**
 * The typed data exactly as the maintained client library would have its wallet sign it: the library's
 * signing helpers run against a wallet that records the request instead of signing, so the payload the
 * user's wallet signs is the library's, byte for byte (domain, types incl. EIP712Domain, message).
 */
async function typedDataOf(sign: (wallet: CaptureWallet) => Promise<unknown>): Promise<TypedDataPayload> {
  let captured: TypedDataPayload | undefined;
  const wallet: CaptureWallet = {
    address: "0x0000000000000000000000000000000000000000",
    signTypedData: async (params) => {
      captured = params;
      return PLACEHOLDER;
    },
  };
  await sign(wallet);
  if (!captured) throw new Error("the venue library produced no typed data");
  return captured;
}

/** L1 actions (orders, cancels, leverage): the phantom-agent payload over the action's hash. */
export async function signableL1(
  action: Record<string, unknown>,
  nonce: number,
  network: VenueNetwork,
): Promise<SignableAction> {
  const typed_data = await typedDataOf((wallet) =>
    signL1Action({ wallet, action, nonce, isTestnet: network === "Testnet" }),
  );
  return { typed_data, action, nonce };
}

/** User-signed actions (withdraw, builder approval, account mode): the action's own fields. */
export async function signableUserAction(
  action: { signatureChainId: `0x${string}`; [key: string]: unknown },
  types: Record<string, { name: string; type: string }[]>,
  nonce: number,
): Promise<SignableAction> {
  const typed_data = await typedDataOf((wallet) => signUserSignedAction({ wallet, action, types }));
  return { typed_data, action, nonce };
}
