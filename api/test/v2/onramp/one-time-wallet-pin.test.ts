import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ONE_TIME_WALLET_FACTORY } from "@compass/constants";
import { type DevnetHandle, startDevnet, viemChain } from "@compass/devnet";
import { type Address, createPublicClient, http, keccak256, parseAbi, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { oneTimeWalletAddress, paymentSalt } from "../../../src/v2/onramp/domain/one-time-wallet.ts";

/**
 * The API hands out one-time deposit addresses it computes offline; the on-ramp provider pays into whatever
 * OneTimeWalletFactory.walletAddress says. This pins the API's computation to the deployed factory.
 */

// COMPASS_UNIT_PORT_BASE moves every test that starts a devnet, so parallel checkouts never collide.
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 6500;
const factoryAbi = parseAbi(["function walletAddress(address owner, bytes32 salt) view returns (address)"]);
let devnet: DevnetHandle;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "api-one-time-wallet-pin-"));
  devnet = await startDevnet({
    dir,
    portBase: PORT_BASE,
    chains: ["ethereum"],
    twins: [],
    earn: false,
    snapshots: false,
  });
});
afterAll(async () => {
  await devnet?.stop({ discard: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("one-time wallet pin", () => {
  test("default: the devnet's factory is at the API's address and derives the API's deposit addresses", async () => {
    const { rpcUrl, chainId } = devnet.chains.ethereum!;
    expect(devnet.addressBook.chains.ethereum!.contracts.OneTimeWalletFactory).toBe(ONE_TIME_WALLET_FACTORY);
    const client = createPublicClient({
      chain: viemChain({ name: "ethereum", chainId }, rpcUrl),
      transport: http(rpcUrl),
    });
    const onChain = (owner: Address, salt: `0x${string}`) =>
      client.readContract({
        address: ONE_TIME_WALLET_FACTORY,
        abi: factoryAbi,
        functionName: "walletAddress",
        args: [owner, salt],
      });
    const owners = devnet.addressBook.accounts.dev.slice(0, 3).map((a) => a.address);
    const salts = [keccak256(toHex("a")), paymentSalt("idempotency-key-1"), paymentSalt()];
    for (const owner of owners)
      for (const salt of salts) expect(oneTimeWalletAddress(owner, salt)).toBe(await onChain(owner, salt));
    // a lower-case owner is the same owner
    expect(oneTimeWalletAddress(owners[0]!.toLowerCase() as Address, salts[0]!)).toBe(
      await onChain(owners[0]!, salts[0]!),
    );
    expect(oneTimeWalletAddress(owners[0]!, keccak256(toHex("b")))).not.toBe(
      await onChain(owners[0]!, salts[0]!),
    );
  });
});
