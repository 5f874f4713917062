import { WETH } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, erc4626Abi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevnetHandle, startDevnet } from "../src/index.ts";
import { clients, dev, tempDir } from "./helpers.ts";

// COMPASS_UNIT_PORT_BASE moves every devnet test, so parallel checkouts never collide.
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 28545) + 5100;
const dir = tempDir("devnet-earn");
let devnet: DevnetHandle;
let bootMs = 0;

beforeAll(async () => {
  const started = performance.now();
  devnet = await startDevnet({ dir: dir.path, portBase: PORT_BASE, chains: ["ethereum"], twins: [] });
  bootMs = performance.now() - started;
}, 180_000);
afterAll(async () => {
  await devnet?.stop();
  dir.remove();
});

const contract = (name: string) => devnet.addressBook.chains.ethereum!.contracts[name] as Address;
const token = (symbol: string) => devnet.addressBook.tokens!.ethereum![symbol]!.address as Address;

async function send(index: number, tx: { to: Address; data?: `0x${string}`; value?: bigint }) {
  const c = clients(devnet, "ethereum");
  const account = privateKeyToAccount(dev(devnet, index).privateKey);
  const hash = await c.wallet.sendTransaction({ account, chain: c.chain, ...tx });
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

describe("earn protocols on the devnet", () => {
  it("bootstraps in reasonable time", () => {
    console.log(`ethereum with earn protocols bootstrapped in ${Math.round(bootMs)} ms`);
    expect(bootMs).toBeLessThan(120_000);
  });

  it("WETH9 sits at the canonical address, wraps and unwraps", async () => {
    const c = clients(devnet, "ethereum");
    const weth = WETH.ethereum!.address;
    expect(token("WETH")).toBe(weth);
    const read = (fn: "name" | "symbol" | "decimals") =>
      c.public.readContract({ address: weth, abi: erc20Abi, functionName: fn });
    expect([await read("name"), await read("symbol"), await read("decimals")]).toEqual([
      "Wrapped Ether",
      "WETH",
      18,
    ]);
    const me = dev(devnet, 3).address;
    const before = await c.public.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    await send(3, { to: weth, value: parseUnits("2", 18), data: "0xd0e30db0" });
    const after = await c.public.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(after - before).toBe(parseUnits("2", 18));
  });

  it("dev accounts hold USDT and wstETH", async () => {
    const c = clients(devnet, "ethereum");
    const me = dev(devnet, 0).address;
    const usdt = await c.public.readContract({
      address: token("USDT"),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(usdt).toBe(parseUnits("1000000", 6));
    const wst = await c.public.readContract({
      address: token("wstETH"),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(wst).toBe(parseUnits("100", 18));
  });

  it("a plain OpenZeppelin ERC-4626 vault takes deposits and pays out what it earned", async () => {
    const c = clients(devnet, "ethereum");
    const vault = contract("Erc4626VaultUSDC");
    const usdc = token("USDC");
    expect(await c.public.readContract({ address: vault, abi: erc4626Abi, functionName: "asset" })).toBe(
      usdc,
    );
    expect(
      await c.public.readContract({ address: vault, abi: erc4626Abi, functionName: "totalAssets" }),
    ).toBe(parseUnits("250000", 6));
    const me = dev(devnet, 4).address;
    const amount = parseUnits("1000", 6);
    await send(4, {
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [vault, amount] }),
    });
    await send(4, {
      to: vault,
      data: encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [amount, me] }),
    });
    const shares = await c.public.readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "balanceOf",
      args: [me],
    });
    expect(shares).toBeGreaterThan(0n);
    const assets = await c.public.readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [shares],
    });
    expect(assets).toBeGreaterThanOrEqual(amount - 1n);
    expect(assets).toBeLessThanOrEqual(amount);
  });
});
