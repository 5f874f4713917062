import { type Address, bytesToHex, getAddress, type Hex, hexToBytes, keccak256, sha256 } from "viem";

/**
 * The secp256k1 the agent key needs and nothing more: derive an address, sign a 32-byte hash (RFC 6979
 * deterministic nonce, low-s, Ethereum's 65-byte `r‖s‖v`), and recover a signer. viem's accounts carry a
 * general-purpose curve library (every curve form, precomputed tables, Schnorr) that weighed about 12 kB gzip
 * in a partner's bundle, a third of the widgets' budget; this is under 2 kB.
 *
 * Scalar multiplication is a Montgomery ladder (the same sequence of operations for every key bit) in Jacobian
 * coordinates. JavaScript's BigInt gives no constant-time guarantee, as with any JS implementation; the key it
 * protects is the venue's agent key, which can trade but never withdraw, and lives in this browser only.
 * `secp256k1.test.ts` checks every function against viem's own implementation over random keys and messages.
 */

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const G: Point = [
  0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
  1n,
];

/** Jacobian (X, Y, Z); Z = 0 is the point at infinity. */
type Point = [bigint, bigint, bigint];
const INFINITY: Point = [0n, 1n, 0n];

const mod = (a: bigint, m = P) => {
  const r = a % m;
  return r < 0n ? r + m : r;
};
function pow(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = mod(base, m);
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}
const inv = (a: bigint, m = P) => pow(a, m - 2n, m);

function double([x, y, z]: Point): Point {
  if (z === 0n || y === 0n) return INFINITY;
  const a = mod(x * x);
  const b = mod(y * y);
  const c = mod(b * b);
  const d = mod(2n * (mod((x + b) * (x + b)) - a - c));
  const e = mod(3n * a);
  const x3 = mod(e * e - 2n * d);
  return [x3, mod(e * (d - x3) - 8n * c), mod(2n * y * z)];
}

function add(p: Point, q: Point): Point {
  if (p[2] === 0n) return q;
  if (q[2] === 0n) return p;
  const [x1, y1, z1] = p;
  const [x2, y2, z2] = q;
  const z1z1 = mod(z1 * z1);
  const z2z2 = mod(z2 * z2);
  const u1 = mod(x1 * z2z2);
  const u2 = mod(x2 * z1z1);
  const s1 = mod(y1 * z2 * z2z2);
  const s2 = mod(y2 * z1 * z1z1);
  if (u1 === u2) return s1 === s2 ? double(p) : INFINITY;
  const h = mod(u2 - u1);
  const r = mod(s2 - s1);
  const hh = mod(h * h);
  const hhh = mod(h * hh);
  const x3 = mod(r * r - hhh - 2n * u1 * hh);
  return [x3, mod(r * (u1 * hh - x3) - s1 * hhh), mod(h * z1 * z2)];
}

/** k·p by a Montgomery ladder over all 256 bits. */
function multiply(p: Point, k: bigint): Point {
  let r0 = INFINITY;
  let r1 = p;
  for (let i = 255n; i >= 0n; i--) {
    if ((k >> i) & 1n) {
      r0 = add(r0, r1);
      r1 = double(r1);
    } else {
      r1 = add(r0, r1);
      r0 = double(r0);
    }
  }
  return r0;
}

function affine([x, y, z]: Point): [bigint, bigint] {
  const zi = inv(z);
  const zi2 = mod(zi * zi);
  return [mod(x * zi2), mod(y * zi2 * zi)];
}

const toBytes32 = (n: bigint) => hexToBytes(`0x${n.toString(16).padStart(64, "0")}`);
const toInt = (b: Uint8Array | Hex) => BigInt(typeof b === "string" ? b : bytesToHex(b));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

function hmac(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key, "bytes") : key);
  const pad = (byte: number) => block.map((b) => b ^ byte);
  return sha256(concat(pad(0x5c), sha256(concat(pad(0x36), message), "bytes")), "bytes");
}

/** The address of a public point: the last 20 bytes of keccak256(x ‖ y). */
const addressOf = (q: Point): Address => {
  const [x, y] = affine(q);
  return getAddress(`0x${keccak256(concat(toBytes32(x), toBytes32(y))).slice(-40)}`);
};

function scalar(privateKey: Hex): bigint {
  const d = toInt(privateKey);
  if (d <= 0n || d >= N) throw new Error("Invalid private key");
  return d;
}

/** A new private key from the platform's CSPRNG (rejection-sampled into [1, n)). */
export function randomPrivateKey(): Hex {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const d = toInt(bytes);
    if (d > 0n && d < N) return bytesToHex(bytes);
  }
}

export const privateKeyAddress = (privateKey: Hex): Address => addressOf(multiply(G, scalar(privateKey)));

/** ECDSA over a 32-byte hash with an RFC 6979 nonce; low-s; `r ‖ s ‖ v` with v = 27 + y parity. */
export function signHash(hash: Hex, privateKey: Hex): Hex {
  const d = scalar(privateKey);
  const z = toInt(hash) % N;
  const x = toBytes32(d);
  const h = toBytes32(z);
  let k: Uint8Array = new Uint8Array(32);
  let v: Uint8Array = new Uint8Array(32).fill(1);
  k = hmac(k, concat(v, Uint8Array.of(0), x, h));
  v = hmac(k, v);
  k = hmac(k, concat(v, Uint8Array.of(1), x, h));
  v = hmac(k, v);
  for (;;) {
    v = hmac(k, v);
    const nonce = toInt(v);
    if (nonce > 0n && nonce < N) {
      const [rx, ry] = affine(multiply(G, nonce));
      const r = rx % N;
      let s = r === 0n ? 0n : mod(inv(nonce, N) * (z + r * d), N);
      if (s !== 0n) {
        let parity = Number(ry & 1n);
        if (s > N >> 1n) {
          s = N - s;
          parity ^= 1;
        }
        return bytesToHex(concat(toBytes32(r), toBytes32(s), Uint8Array.of(27 + parity)));
      }
    }
    k = hmac(k, concat(v, Uint8Array.of(0)));
    v = hmac(k, v);
  }
}

/** The address whose key made `signature` (65 bytes, v 27/28 or 0/1) over `hash`. */
export function recoverAddress(hash: Hex, signature: Hex): Address {
  const bytes = hexToBytes(signature);
  if (bytes.length !== 65) throw new Error("Invalid signature length");
  const r = toInt(bytes.subarray(0, 32));
  const s = toInt(bytes.subarray(32, 64));
  const parity = bytes[64]! >= 27 ? bytes[64]! - 27 : bytes[64]!;
  if (r <= 0n || r >= N || s <= 0n || s >= N || parity > 1) throw new Error("Invalid signature");
  const y2 = mod(r * r * r + 7n);
  let y = pow(y2, (P + 1n) / 4n, P);
  if (mod(y * y) !== y2) throw new Error("Invalid signature");
  if (Number(y & 1n) !== parity) y = P - y;
  const ri = inv(r, N);
  const u1 = mod(-toInt(hash) * ri, N);
  const u2 = mod(s * ri, N);
  const q = add(multiply(G, u1), multiply([r, y, 1n], u2));
  if (q[2] === 0n) throw new Error("Invalid signature");
  return addressOf(q);
}
