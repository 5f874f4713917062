import { addressBook, devnetChain } from "@compass/testkit/live";
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { simulateAsAccount } from "../../src/product-accounts/index.ts";

/**
 * The account's calls run one after another as the account itself (its code swapped for Multicall3 in an
 * eth_call state override): each call sees what the ones before it did, and a failing call answers with its
 * own revert reason — which the Safe's MultiSend swallows.
 */
const CHAIN = "base";
const contracts = () => addressBook().chains[CHAIN]!.contracts as Record<string, Address>;
const usdc = () => addressBook().tokens![CHAIN]!.USDC!.address as Address;
const client = () =>
  createPublicClient({
    chain: { ...devnetChain(CHAIN), contracts: { multicall3: { address: contracts().Multicall3! } } },
    transport: http(),
  }) as PublicClient;

describe("simulateAsAccount", () => {
  test("default: later calls see earlier ones, as the account; a failing call carries its own reason", async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const spender = privateKeyToAccount(generatePrivateKey()).address;
    const call = (data: `0x${string}`) => ({ to: usdc(), data });
    const results = await simulateAsAccount(client(), CHAIN, account, [
      call(encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 5n] })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [account, spender] })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [spender, 1n] })),
    ]);
    expect(results.map((r) => r.success)).toEqual([true, true, false]);
    // the allowance read after the approval, in the same simulation, with the account as msg.sender
    expect(BigInt(results[1]!.returnData)).toBe(5n);
    // the account holds no USDC: the token's own revert reason
    expect(results[2]!.returnData.slice(0, 10)).toBe("0x08c379a0");
  });
});
