import type { CctpChain } from "@compass/constants";
import { type Address, bytesToHex, getAddress, type Hex, hexToBytes, isHex } from "viem";
import { DomainError } from "../../kernel/errors.ts";
import { chainOfDomain, domainOf } from "./domains.ts";

export type TransferMode = "standard" | "fast";

/** What a bridge id carries: the API stores nothing, so mint learns the route from the id itself. */
export interface BridgeRoute {
  source: CctpChain;
  destination: CctpChain;
  mode: TransferMode;
  recipient: Address;
}

const LENGTH = 3 + 20 + 6;

/** `br_` + hex(source domain, destination domain, mode, recipient, 6 random bytes). */
export function encodeBridgeId(route: BridgeRoute): string {
  const bytes = new Uint8Array(LENGTH);
  bytes[0] = domainOf(route.source);
  bytes[1] = domainOf(route.destination);
  bytes[2] = route.mode === "fast" ? 1 : 0;
  bytes.set(hexToBytes(route.recipient), 3);
  crypto.getRandomValues(bytes.subarray(23));
  return `br_${bytesToHex(bytes).slice(2)}`;
}

/** The route of a bridge id, or a 404 when it is none this API issued. */
export function decodeBridgeId(id: string): BridgeRoute {
  const hex = `0x${id.slice(3)}` as Hex;
  const unknown = () =>
    new DomainError(
      404,
      "Unknown bridge_id",
      `bridge_id: '${id}' is not a bridge id this API issued (POST /v2/cctp/burn returns one)`,
    );
  if (!id.startsWith("br_") || !isHex(hex) || (hex.length - 2) / 2 !== LENGTH) throw unknown();
  const bytes = hexToBytes(hex);
  const source = chainOfDomain(bytes[0]!);
  const destination = chainOfDomain(bytes[1]!);
  if (!source || !destination || source === destination || bytes[2]! > 1) throw unknown();
  return {
    source,
    destination,
    mode: bytes[2] === 1 ? "fast" : "standard",
    recipient: getAddress(bytesToHex(bytes.subarray(3, 23))),
  };
}
