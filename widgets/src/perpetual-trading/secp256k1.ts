import { type Address, bytesToHex, getAddress, type Hex, hexToBytes, keccak256 } from "viem";

/**
 * The secp256k1 the agent key needs and nothing more: derive an address, sign a 32-byte hash (RFC 6979
 * deterministic nonce, low-s, Ethereum's 65-byte `r‖s‖v`), and recover a signer. viem's accounts carry a
 * general-purpose curve library (every curve form, precomputed tables, Schnorr) that weighed about 12 kB gzip
 * in a partner's bundle, a third of the widgets' budget; this (with its own SHA-256) is about 2 kB.
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

/** SHA-256 words: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Uint32Array.from(
  "428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2"
    .split(" ")
    .map((w) => Number.parseInt(w, 16)),
);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 (FIPS 180-4), for the RFC 6979 nonce's HMAC; checked against node:crypto in the tests. */
export function sha256(message: Uint8Array): Uint8Array {
  const length = Math.ceil((message.length + 9) / 64) * 64;
  const data = new Uint8Array(length);
  data.set(message);
  data[message.length] = 0x80;
  const view = new DataView(data.buffer);
  view.setUint32(length - 4, message.length * 8);
  view.setUint32(length - 8, Math.floor(message.length / 0x20000000));
  const h = Uint32Array.of(
    0x6a09e667,
    0xbb67ae85,
    0x3c6ef372,
    0xa54ff53a,
    0x510e527f,
    0x9b05688c,
    0x1f83d9ab,
    0x5be0cd19,
  );
  const w = new Uint32Array(64);
  for (let at = 0; at < length; at += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(at + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] =
        (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) +
        w[i - 7]! +
        (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)) +
        w[i - 16]!;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d! + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => {
      h[i] = h[i]! + v!;
    });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => {
    outView.setUint32(i * 4, v);
  });
  return out;
}

function hmac(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const pad = (byte: number) => block.map((b) => b ^ byte);
  return sha256(concat(pad(0x5c), sha256(concat(pad(0x36), message))));
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
