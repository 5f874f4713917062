import { type Hex, keccak256, recoverTypedDataAddress } from "viem";
import { type Json, object, ShapeError, string } from "./fields.ts";
import type { L1Action } from "./l1Actions.ts";
import { bytes, encodeMsgpack, type Packable } from "./msgpack.ts";
import type { UserSignedAction } from "./userActions.ts";

/**
 * Signer recovery, implemented from the venue's scheme rather than borrowed from a client:
 *  - L1 actions: connectionId = keccak256(msgpack(action) ‖ nonce (u64 BE) ‖ 0x00 | 0x01 ‖ vault
 *    address ‖ [0x00 ‖ expiresAfter (u64 BE)]), signed as the phantom agent
 *    Agent{source: "a" mainnet | "b" testnet, connectionId} in the domain
 *    {name "Exchange", version "1", chainId 1337, verifyingContract 0x0};
 *  - user-signed actions: the action's own fields under "HyperliquidSignTransaction".
 * The recovered address is the actor. A signature from the wrong key recovers some other address,
 * which the venue then does not know — that is how a forged request fails.
 */
const ZERO = "0x0000000000000000000000000000000000000000";

export interface WireSignature {
  r: Hex;
  s: Hex;
  v: number;
}

export function parseSignature(value: unknown): WireSignature {
  const sig = object(value, "signature");
  const part = (name: "r" | "s"): Hex => {
    const text = string(sig[name], `signature.${name}`);
    if (!/^0[xX][0-9a-fA-F]{1,64}$/.test(text)) throw new ShapeError(`signature.${name}: expected hex`);
    return `0x${text.slice(2).toLowerCase().padStart(64, "0")}`;
  };
  const v = sig.v;
  if (typeof v !== "number" || ![0, 1, 27, 28].includes(v))
    throw new ShapeError("signature.v: expected 27 or 28");
  return { r: part("r"), s: part("s"), v: v < 27 ? v + 27 : v };
}

const toHex = (sig: WireSignature): Hex =>
  `${sig.r}${sig.s.slice(2)}${sig.v.toString(16).padStart(2, "0")}` as Hex;

export function connectionId(
  action: L1Action,
  nonce: number,
  vaultAddress?: string,
  expiresAfter?: number,
): Hex {
  const parts: number[] = [...encodeMsgpack(action as unknown as Packable), ...bytes(BigInt(nonce), 8)];
  if (vaultAddress) parts.push(1, ...hexBytes(vaultAddress));
  else parts.push(0);
  if (expiresAfter !== undefined) parts.push(0, ...bytes(BigInt(expiresAfter), 8));
  return keccak256(Uint8Array.from(parts));
}

function hexBytes(hex: string): number[] {
  const out: number[] = [];
  for (let i = 2; i < hex.length; i += 2) out.push(Number.parseInt(hex.slice(i, i + 2), 16));
  return out;
}

export async function recoverL1(
  action: L1Action,
  nonce: number,
  signature: WireSignature,
  isMainnet: boolean,
  vaultAddress?: string,
  expiresAfter?: number,
): Promise<string> {
  const address = await recoverTypedDataAddress({
    domain: { name: "Exchange", version: "1", chainId: 1337, verifyingContract: ZERO },
    types: {
      Agent: [
        { name: "source", type: "string" },
        { name: "connectionId", type: "bytes32" },
      ],
    },
    primaryType: "Agent",
    message: {
      source: isMainnet ? "a" : "b",
      connectionId: connectionId(action, nonce, vaultAddress, expiresAfter),
    },
    signature: toHex(signature),
  });
  return address.toLowerCase();
}

export async function recoverUserSigned(action: UserSignedAction, signature: WireSignature): Promise<string> {
  const address = await recoverTypedDataAddress({
    domain: {
      name: "HyperliquidSignTransaction",
      version: "1",
      chainId: action.chainId,
      verifyingContract: ZERO,
    },
    types: { [action.def.primaryType]: action.def.fields.map((f) => ({ name: f.name, type: f.type })) },
    primaryType: action.def.primaryType,
    message: action.message as Json,
    signature: toHex(signature),
  });
  return address.toLowerCase();
}
