import { hashTypedData as viemHash } from "viem";
import { describe, expect, test } from "vitest";
import { encodeType, hashTypedData } from "./eip712.ts";

const zero = `0x${"0".repeat(40)}` as const;
const cases = {
  // the venue's user-signed action (chain of the wallet) and its agent-signed L1 action
  approveAgent: {
    domain: { name: "HyperliquidSignTransaction", version: "1", chainId: 421614, verifyingContract: zero },
    types: {
      "HyperliquidTransaction:ApproveAgent": [
        { name: "hyperliquidChain", type: "string" },
        { name: "agentAddress", type: "address" },
        { name: "agentName", type: "string" },
        { name: "nonce", type: "uint64" },
      ],
    },
    primaryType: "HyperliquidTransaction:ApproveAgent",
    message: {
      hyperliquidChain: "Testnet",
      agentAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      agentName: "compass valid_until 1767225600000",
      nonce: 1764300000000,
    },
  },
  agent: {
    domain: { name: "Exchange", version: "1", chainId: 1337, verifyingContract: zero },
    types: {
      Agent: [
        { name: "source", type: "string" },
        { name: "connectionId", type: "bytes32" },
      ],
    },
    primaryType: "Agent",
    message: { source: "b", connectionId: `0x${"5a".repeat(32)}` },
  },
  // an EIP-2612 permit, with the EIP712Domain type given (as the API sends it) and uint256 as decimal strings
  permit: {
    domain: {
      name: "USD Coin",
      version: "2",
      chainId: 42161,
      verifyingContract: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    },
    types: {
      EIP712Domain: [
        { name: "name", type: "string" },
        { name: "version", type: "string" },
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: {
      owner: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
      spender: "0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7",
      value: "500000000",
      nonce: "0",
      deadline: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    },
  },
  // everything else the standard has: nested structs, arrays of structs and atoms, bytes, bool, negative ints, salt
  everything: {
    domain: { name: "x", salt: `0x${"11".repeat(32)}` },
    types: {
      Mail: [
        { name: "from", type: "Person" },
        { name: "to", type: "Person[]" },
        { name: "contents", type: "string" },
        { name: "data", type: "bytes" },
        { name: "flag", type: "bool" },
        { name: "delta", type: "int128" },
        { name: "ids", type: "uint8[2]" },
        { name: "tag", type: "bytes4" },
      ],
      Person: [
        { name: "name", type: "string" },
        { name: "wallets", type: "address[]" },
      ],
    },
    primaryType: "Mail",
    message: {
      from: { name: "Cow", wallets: [zero, "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"] },
      to: [{ name: "Bob", wallets: [] }],
      contents: "Hello, Bob! ✓",
      data: "0xdeadbeef",
      flag: true,
      delta: -42n,
      ids: [1, 255],
      tag: "0x12345678",
    },
  },
} as const;

describe("EIP-712 against viem", () => {
  test.each(Object.entries(cases))("default: %s hashes as viem hashes it", (_, typed) =>
    expect(hashTypedData(typed as never)).toBe(viemHash(typed as never)),
  );
  test("parameters: dependencies sorted after the primary type", () =>
    expect(encodeType("Mail", cases.everything.types)).toBe(
      "Mail(Person from,Person[] to,string contents,bytes data,bool flag,int128 delta,uint8[2] ids,bytes4 tag)Person(string name,address[] wallets)",
    ));
  test("a type it does not know is refused, not hashed", () =>
    expect(() =>
      hashTypedData({
        types: { A: [{ name: "x", type: "fixed128x18" }] },
        primaryType: "A",
        message: { x: 1 },
      }),
    ).toThrow(/Unsupported/));
});
