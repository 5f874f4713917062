import { erc20Abi, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAINS, type DevnetHandle, type DevnetOptions, startDevnet } from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { rpcCall } from "../src/rpc.ts";
import { clients, dev, ONE_MILLION_USDC, tempDir, unitPortBase } from "./helpers.ts";

/**
 * A devnet's state outlives it: a chain stopped and started, and the whole devnet, keep balances, history and the
 * clock. Two chains without the earn protocols: the same dump and reload as the full devnet's five, in seconds
 * rather than the minute five chains of earn state take (devnet.test.ts covers the full devnet's contents).
 */
const PORT_BASE = unitPortBase(6100);
const dir = tempDir("devnet-persistence");
const OPTIONS: DevnetOptions = {
  dir: dir.path,
  portBase: PORT_BASE,
  chains: ["base", "arbitrum"],
  earn: false,
  twins: [],
};
let devnet: DevnetHandle;

beforeAll(async () => {
  devnet = await startDevnet(OPTIONS);
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  dir.remove();
});

describe("persistence", () => {
  const transfer = async (name: "base" | "arbitrum", from: number, to: number, amount: bigint) => {
    const spec = CHAINS.find((c) => c.name === name)!;
    const { public: client, wallet } = clients(devnet, name);
    const hash = await wallet.writeContract({
      address: spec.usdc.address,
      abi: erc20Abi,
      account: dev(devnet, from).address,
      functionName: "transfer",
      args: [dev(devnet, to).address, amount],
    });
    return (await minedReceipt(client, hash)).blockNumber;
  };
  const balanceOf = (name: "base" | "arbitrum", index: number, blockNumber?: bigint) => {
    const spec = CHAINS.find((c) => c.name === name)!;
    return clients(devnet, name).public.readContract({
      address: spec.usdc.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [dev(devnet, index).address],
      blockNumber,
    });
  };

  it("keeps a single chain's state across stopChain/startChain", async () => {
    const block = await transfer("arbitrum", 7, 8, 1_000n);
    await devnet.stopChain("arbitrum");
    await expect(clients(devnet, "arbitrum").public.getBlockNumber()).rejects.toThrow();
    await devnet.startChain("arbitrum");
    expect(await balanceOf("arbitrum", 8)).toBe(ONE_MILLION_USDC + 1_000n);
    expect(await balanceOf("arbitrum", 8, block - 1n)).toBe(ONE_MILLION_USDC);
  }, 180_000); // the chain's state is dumped and reloaded: seconds, a minute or more on a loaded machine

  it("restarts the whole devnet with balances, history and clock intact", async () => {
    const amount = parseUnits("123.45", 6);
    const block = await transfer("base", 3, 4, amount);
    await devnet.advanceTime(3 * 3600);
    const { public: before } = clients(devnet, "base");
    const lastBlock = await before.getBlock();
    await devnet.stop();

    devnet = await startDevnet(OPTIONS);
    const { public: client } = clients(devnet, "base");
    expect(await balanceOf("base", 4)).toBe(ONE_MILLION_USDC + amount);
    // historical reads: the block before the transfer still answers with the old balance
    expect(await balanceOf("base", 4, block - 1n)).toBe(ONE_MILLION_USDC);
    expect(await balanceOf("base", 4, block)).toBe(ONE_MILLION_USDC + amount);
    // block numbers and (advanced) timestamps continue rather than restarting from wall-clock time
    expect(await client.getBlockNumber()).toBe(lastBlock.number);
    await rpcCall(devnet.chains.base!.rpcUrl, "evm_mine");
    const next = await client.getBlock();
    expect(next.number).toBe(lastBlock.number + 1n);
    expect(next.timestamp).toBeGreaterThan(lastBlock.timestamp);
    // ...and the 3 h advanced before the stop still applies: the restarted chain is not back on the wall clock
    expect(Number(next.timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3 * 3600 - 5);
  }, 240_000);

  it("refuses to start a second devnet on the same ports", async () => {
    const other = tempDir("devnet-clash");
    await expect(startDevnet({ ...OPTIONS, dir: other.path })).rejects.toThrow(
      new RegExp(
        `port (${PORT_BASE + 1}|${PORT_BASE + 2}) \\(chain (arbitrum|base)\\) .*another devnet may be running`,
      ),
    );
    other.remove();
  });
});
