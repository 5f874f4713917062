import { createHash } from "node:crypto";
import fc from "fast-check";
import { bytesToHex, type Hex, hashTypedData, recoverAddress as viemRecover } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { privateKeyAddress, randomPrivateKey, recoverAddress, sha256, signHash } from "./secp256k1.ts";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bytesToHex(b));
const key = hex32.filter((k) => BigInt(k) > 0n && BigInt(k) < N);

// viem (through @noble/curves) is the reference: every output must be byte-for-byte the same
describe("secp256k1 against viem", () => {
  test("default: addresses, signatures and recovery match over random keys and hashes", async () => {
    await fc.assert(
      fc.asyncProperty(key, hex32, async (pk, hash) => {
        const account = privateKeyToAccount(pk as Hex);
        expect(privateKeyAddress(pk as Hex)).toBe(account.address);
        const signature = signHash(hash as Hex, pk as Hex);
        expect(signature).toBe(await account.sign({ hash: hash as Hex }));
        expect(recoverAddress(hash as Hex, signature)).toBe(account.address);
        expect(await viemRecover({ hash: hash as Hex, signature })).toBe(account.address);
      }),
      { numRuns: 60 },
    );
  });

  test("parameters: the keys at the ends of the range and a typed-data hash", async () => {
    for (const pk of ["0x01", `0x${(N - 1n).toString(16)}`].map(
      (k) => `0x${k.slice(2).padStart(64, "0")}` as Hex,
    )) {
      const account = privateKeyToAccount(pk);
      const hash = hashTypedData({
        domain: { name: "Exchange", version: "1", chainId: 1337, verifyingContract: `0x${"0".repeat(40)}` },
        types: {
          Agent: [
            { name: "source", type: "string" },
            { name: "connectionId", type: "bytes32" },
          ],
        },
        primaryType: "Agent",
        message: { source: "a", connectionId: `0x${"ab".repeat(32)}` },
      });
      expect(signHash(hash, pk)).toBe(await account.sign({ hash }));
      expect(privateKeyAddress(pk)).toBe(account.address);
    }
  });

  test("SHA-256 matches node:crypto at every padding boundary and over random input", () => {
    const node = (b: Uint8Array) => new Uint8Array(createHash("sha256").update(b).digest());
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000])
      expect(sha256(new Uint8Array(n).fill(n & 0xff))).toEqual(node(new Uint8Array(n).fill(n & 0xff)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(sha256(b)).toEqual(node(b));
      }),
    );
  });

  test("a fresh key is in range and usable", () => {
    const pk = randomPrivateKey();
    expect(pk).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyAddress(pk)).toBe(privateKeyToAccount(pk).address);
  });

  test("bad input is refused, not signed or recovered", () => {
    expect(() => privateKeyAddress(`0x${"0".repeat(64)}`)).toThrow(/private key/);
    expect(() => signHash(`0x${"0".repeat(64)}`, `0x${N.toString(16)}`)).toThrow(/private key/);
    expect(() => recoverAddress(`0x${"0".repeat(64)}`, "0x1234")).toThrow(/length/);
    expect(() => recoverAddress(`0x${"0".repeat(64)}`, `0x${"00".repeat(64)}1b`)).toThrow(/signature/);
  });
});
