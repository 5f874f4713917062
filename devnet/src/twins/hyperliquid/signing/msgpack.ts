/**
 * Minimal MessagePack encoder for the value types venue actions contain (nil, booleans, integers,
 * strings, arrays, string-keyed maps). Integers use the smallest encoding, 64-bit ones included,
 * and maps keep their key order — the venue hashes its own re-serialization of the action this
 * way (rmp-serde), which is what the Python SDK's msgpack.packb reproduces. Floats never occur in
 * actions (prices and sizes are strings), so they are refused rather than guessed at.
 */
export type Packable =
  | null
  | boolean
  | number
  | bigint
  | string
  | Packable[]
  | { [key: string]: Packable | undefined };

export function encodeMsgpack(value: Packable): Uint8Array {
  const out: number[] = [];
  write(out, value);
  return Uint8Array.from(out);
}

function write(out: number[], value: Packable | undefined): void {
  if (value === null || value === undefined) out.push(0xc0);
  else if (value === false) out.push(0xc2);
  else if (value === true) out.push(0xc3);
  else if (typeof value === "number") writeInt(out, value);
  else if (typeof value === "bigint") writeBig(out, value);
  else if (typeof value === "string") writeString(out, value);
  else if (Array.isArray(value)) {
    header(out, value.length, 0x90, 0xdc, 0xdd);
    for (const item of value) write(out, item);
  } else {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    header(out, entries.length, 0x80, 0xde, 0xdf);
    for (const [key, item] of entries) {
      writeString(out, key);
      write(out, item);
    }
  }
}

function header(out: number[], length: number, fix: number, b16: number, b32: number): void {
  if (length < 16) out.push(fix | length);
  else if (length < 0x10000) out.push(b16, length >> 8, length & 0xff);
  else out.push(b32, ...bytes(BigInt(length), 4));
}

function writeInt(out: number[], n: number): void {
  if (!Number.isSafeInteger(n)) throw new TypeError(`cannot encode ${n}: actions carry integers only`);
  if (n >= 0) {
    if (n < 0x80) out.push(n);
    else if (n < 0x100) out.push(0xcc, n);
    else if (n < 0x10000) out.push(0xcd, ...bytes(BigInt(n), 2));
    else if (n < 0x1_0000_0000) out.push(0xce, ...bytes(BigInt(n), 4));
    else out.push(0xcf, ...bytes(BigInt(n), 8));
  } else if (n >= -32) out.push(n & 0xff);
  else if (n >= -0x80) out.push(0xd0, n & 0xff);
  else if (n >= -0x8000) out.push(0xd1, ...bytes(BigInt.asUintN(16, BigInt(n)), 2));
  else if (n >= -0x8000_0000) out.push(0xd2, ...bytes(BigInt.asUintN(32, BigInt(n)), 4));
  else out.push(0xd3, ...bytes(BigInt.asUintN(64, BigInt(n)), 8));
}

function writeBig(out: number[], n: bigint): void {
  if (n >= 0n && n < 1n << 64n) out.push(0xcf, ...bytes(n, 8));
  else if (n < 0n && n >= -(1n << 63n)) out.push(0xd3, ...bytes(BigInt.asUintN(64, n), 8));
  else throw new RangeError("integer does not fit in 64 bits");
}

const UTF8 = new TextEncoder();

function writeString(out: number[], text: string): void {
  const utf8 = UTF8.encode(text);
  const n = utf8.length;
  if (n < 32) out.push(0xa0 | n);
  else if (n < 0x100) out.push(0xd9, n);
  else if (n < 0x10000) out.push(0xda, n >> 8, n & 0xff);
  else out.push(0xdb, ...bytes(BigInt(n), 4));
  for (const b of utf8) out.push(b);
}

/** Big-endian bytes of a non-negative integer. */
export function bytes(n: bigint, width: number): number[] {
  const result = new Array<number>(width);
  for (let i = width - 1; i >= 0; i--) {
    result[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return result;
}
