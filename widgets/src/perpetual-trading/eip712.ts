import { bytesToHex, type Hex, hexToBytes, keccak256 } from "viem";

/**
 * EIP-712 hashing of the typed data the widget signs or checks (the venue's actions, USDC permits): the
 * standard's encodeType / encodeData / hashStruct and the `\x19\x01` digest, in plain code. viem's version
 * validates and encodes through its general ABI coder, which weighed more than this whole file in a partner's
 * bundle. `eip712.test.ts` compares every digest with viem's `hashTypedData`.
 */

export interface TypedField {
  name: string;
  type: string;
}
export type TypedTypes = Record<string, readonly TypedField[]>;

/** The EIP712Domain type of a domain: the fields it has, in the standard's order (what wallets derive). */
export function domainType(domain: Record<string, unknown>): TypedField[] {
  const fields = [
    ["name", "string"],
    ["version", "string"],
    ["chainId", "uint256"],
    ["verifyingContract", "address"],
    ["salt", "bytes32"],
  ] as const;
  return fields.filter(([name]) => domain[name] !== undefined).map(([name, type]) => ({ name, type }));
}

const utf8 = new TextEncoder();
const word = (n: bigint) => hexToBytes(`0x${BigInt.asUintN(256, n).toString(16).padStart(64, "0")}`);
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const hash = (bytes: Uint8Array) => keccak256(bytes, "bytes");

/** The struct types `type` refers to, itself first (array suffixes stripped). */
function dependencies(type: string, types: TypedTypes, found: string[] = []): string[] {
  const base = type.replace(/\[\d*\]/g, "");
  if (found.includes(base) || !types[base]) return found;
  found.push(base);
  for (const field of types[base]) dependencies(field.type, types, found);
  return found;
}

export function encodeType(primaryType: string, types: TypedTypes): string {
  const [primary, ...rest] = dependencies(primaryType, types);
  return [primary!, ...rest.sort()]
    .map((t) => `${t}(${types[t]!.map((f) => `${f.type} ${f.name}`).join(",")})`)
    .join("");
}

function encodeValue(type: string, value: unknown, types: TypedTypes): Uint8Array {
  if (types[type]) return hash(encodeData(type, value as Record<string, unknown>, types));
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) return hash(concat((value as unknown[]).map((v) => encodeValue(array[1]!, v, types))));
  if (type === "string") return hash(utf8.encode(value as string));
  if (type === "bytes") return hash(hexToBytes(value as Hex));
  if (type === "bool") return word(value ? 1n : 0n);
  if (type === "address") return word(BigInt(value as string));
  if (/^bytes\d+$/.test(type)) {
    const out = new Uint8Array(32);
    out.set(hexToBytes(value as Hex));
    return out;
  }
  if (/^u?int\d*$/.test(type)) return word(BigInt(value as string | number | bigint));
  throw new Error(`Unsupported EIP-712 type ${type}`);
}

function encodeData(type: string, data: Record<string, unknown>, types: TypedTypes): Uint8Array {
  return concat([
    hash(utf8.encode(encodeType(type, types))),
    ...types[type]!.map((f) => encodeValue(f.type, data[f.name], types)),
  ]);
}

/** keccak256(0x19 0x01 ‖ domainSeparator ‖ hashStruct(message)): the digest a wallet signs. */
export function hashTypedData(typed: {
  domain?: Record<string, unknown>;
  types: TypedTypes;
  primaryType: string;
  message?: Record<string, unknown>;
}): Hex {
  const domain = typed.domain ?? {};
  const types = { ...typed.types, EIP712Domain: typed.types.EIP712Domain ?? domainType(domain) };
  const parts = [Uint8Array.of(0x19, 0x01), hash(encodeData("EIP712Domain", domain, types))];
  if (typed.primaryType !== "EIP712Domain")
    parts.push(hash(encodeData(typed.primaryType, typed.message ?? {}, types)));
  return bytesToHex(hash(concat(parts)));
}
