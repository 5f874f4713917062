import { ONE_TIME_WALLET_FACTORY, ONE_TIME_WALLET_INIT_CODE_HASH } from "@compass/constants";
import { type Address, type Hex, keccak256, parseEventLogs, toFunctionSignature, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { loadArtifact } from "../../src/contracts/artifacts.ts";
import { oneTimeWalletAbi, oneTimeWalletFactoryAbi } from "../../src/contracts/one-time-wallet.ts";
import { type DevnetHandle, fiatTokenAbi, roleAccount } from "../../src/index.ts";
import { minedReceipt } from "../../src/receipt.ts";
import { clients, dev, devnetForFile } from "../helpers.ts";
import { expectedWalletAddress } from "./wallet-address.ts";

let devnet: DevnetHandle;
let c: ReturnType<typeof clients>;
let usdc: Address;
const treasury = roleAccount("onramp_treasury").address;
const admin = roleAccount("usdc_admin").address;
const AMOUNT = 100_000_000n; // 100 USDC
// the committed artifacts (artifacts.test.ts proves them equal to a fresh compilation; compiling here again took
// 13 s of this file's 15)
const compiled = {
  OneTimeWallet: loadArtifact("OneTimeWallet"),
  OneTimeWalletFactory: loadArtifact("OneTimeWalletFactory"),
};
devnetForFile("onramp-wallet", 4300, { chains: ["ethereum"], twins: [], earn: false }, (d) => {
  devnet = d;
  c = clients(devnet, "ethereum");
  usdc = devnet.addressBook.chains.ethereum!.contracts.USDC!;
});

async function send(from: Address, address: Address, abi: any, functionName: string, args: unknown[]) {
  const hash = await c.wallet.writeContract({ account: from, address, abi, functionName, args } as any);
  const receipt = await minedReceipt(c.public, hash);
  expect(receipt.status).toBe("success");
  return receipt;
}

const balance = (who: Address) =>
  c.public.readContract({ address: usdc, abi: fiatTokenAbi, functionName: "balanceOf", args: [who] });
const salt = (label: string): Hex => keccak256(toHex(label));
const walletOf = (owner: Address, s: Hex) => expectedWalletAddress(ONE_TIME_WALLET_FACTORY, owner, s);

describe("one-time wallet factory", () => {
  it("is deployed at the constant address and computes CREATE2 addresses of the committed wallet code", async () => {
    expect(devnet.addressBook.chains.ethereum!.contracts.OneTimeWalletFactory).toBe(ONE_TIME_WALLET_FACTORY);
    expect(keccak256(compiled.OneTimeWallet.bytecode)).toBe(ONE_TIME_WALLET_INIT_CODE_HASH);
    const owner = dev(devnet, 2).address;
    const onChain = await c.public.readContract({
      address: ONE_TIME_WALLET_FACTORY,
      abi: oneTimeWalletFactoryAbi,
      functionName: "walletAddress",
      args: [owner, salt("a")],
    });
    expect(onChain).toBe(expectedWalletAddress(ONE_TIME_WALLET_FACTORY, owner, salt("a")));
    expect(expectedWalletAddress(ONE_TIME_WALLET_FACTORY, owner, salt("b"))).not.toBe(onChain);
  });

  it("the hand-written ABIs match the compiled ones", () => {
    const signatures = (abi: readonly unknown[]) =>
      (abi as { type: string }[])
        .filter((i) => i.type === "function")
        .map((i) => toFunctionSignature(i as Parameters<typeof toFunctionSignature>[0]));
    for (const [name, abi] of [
      ["OneTimeWalletFactory", oneTimeWalletFactoryAbi],
      ["OneTimeWallet", oneTimeWalletAbi],
    ] as const) {
      const known = new Set(signatures(compiled[name].abi));
      for (const s of signatures(abi)) expect(known, `${name}.${s}`).toContain(s);
    }
  });

  it("default: the provider pays the address with a plain transfer; a sponsor deploys and forwards to the owner", async () => {
    const owner = dev(devnet, 2).address;
    const sponsor = dev(devnet, 5).address;
    const wallet = walletOf(owner, salt("pay-1"));
    expect(await c.public.getCode({ address: wallet })).toBeUndefined();
    const ownerBefore = await balance(owner);
    await send(treasury, usdc, fiatTokenAbi, "transfer", [wallet, AMOUNT]);
    expect(await balance(wallet)).toBe(AMOUNT);
    const receipt = await send(
      sponsor,
      ONE_TIME_WALLET_FACTORY,
      oneTimeWalletFactoryAbi,
      "deployAndForward",
      [usdc, owner, salt("pay-1")],
    );
    expect(await balance(owner)).toBe(ownerBefore + AMOUNT);
    expect(await balance(wallet)).toBe(0n);
    const [forwarded] = parseEventLogs({ abi: oneTimeWalletAbi, logs: receipt.logs, eventName: "Forwarded" });
    expect(forwarded!.address.toLowerCase()).toBe(wallet.toLowerCase());
    expect(forwarded!.args).toMatchObject({ token: usdc, owner, amount: AMOUNT });
    expect(
      await c.public.readContract({ address: wallet, abi: oneTimeWalletAbi, functionName: "owner" }),
    ).toBe(owner);
  });

  it("behavior: a second forward of the emptied wallet is a no-op (no transfer, no event)", async () => {
    const owner = dev(devnet, 2).address;
    const wallet = walletOf(owner, salt("pay-1"));
    const ownerBefore = await balance(owner);
    const { result } = await c.public.simulateContract({
      account: dev(devnet, 6).address,
      address: ONE_TIME_WALLET_FACTORY,
      abi: oneTimeWalletFactoryAbi,
      functionName: "deployAndForward",
      args: [usdc, owner, salt("pay-1")],
    });
    expect(result).toEqual([wallet, 0n]);
    const receipt = await send(
      dev(devnet, 6).address,
      ONE_TIME_WALLET_FACTORY,
      oneTimeWalletFactoryAbi,
      "deployAndForward",
      [usdc, owner, salt("pay-1")],
    );
    expect(parseEventLogs({ abi: oneTimeWalletAbi, logs: receipt.logs, eventName: "Forwarded" })).toEqual([]);
    expect(await balance(owner)).toBe(ownerBefore);
  });

  it("behavior: forwarding can only pay the committed recipient — naming another recipient names another, empty wallet", async () => {
    const owner = dev(devnet, 7).address;
    const thief = dev(devnet, 8).address;
    const wallet = walletOf(owner, salt("pay-3"));
    await send(treasury, usdc, fiatTokenAbi, "transfer", [wallet, AMOUNT]);
    const thiefBefore = await balance(thief);
    const receipt = await send(thief, ONE_TIME_WALLET_FACTORY, oneTimeWalletFactoryAbi, "deployAndForward", [
      usdc,
      thief,
      salt("pay-3"),
    ]);
    expect(await balance(wallet)).toBe(AMOUNT);
    expect(await balance(thief)).toBe(thiefBefore);
    expect(parseEventLogs({ abi: oneTimeWalletAbi, logs: receipt.logs, eventName: "Forwarded" })).toEqual([]);
    // the deployed wallet's own forward pays only its owner, whoever calls it
    await send(thief, ONE_TIME_WALLET_FACTORY, oneTimeWalletFactoryAbi, "deployAndForward", [
      usdc,
      owner,
      salt("pay-3"),
    ]);
    await send(thief, wallet, oneTimeWalletAbi, "forward", [usdc]);
    expect(await balance(thief)).toBe(thiefBefore);
    expect(await balance(wallet)).toBe(0n);
  });

  it("behavior: when the token blocks the owner, funds stay in the wallet and only the owner can recover them", async () => {
    const owner = dev(devnet, 3).address;
    const other = dev(devnet, 4).address;
    const fresh = "0x000000000000000000000000000000000000F00D" as const;
    const wallet = walletOf(owner, salt("pay-2"));
    await send(admin, usdc, fiatTokenAbi, "blacklist", [owner]);
    try {
      const ownerBefore = await balance(owner);
      await send(treasury, usdc, fiatTokenAbi, "transfer", [wallet, AMOUNT]);
      // Anyone may try the forward, but it can only pay the owner, and a refused transfer reverts it whole.
      await expect(
        c.public.simulateContract({
          account: other,
          address: ONE_TIME_WALLET_FACTORY,
          abi: oneTimeWalletFactoryAbi,
          functionName: "deployAndForward",
          args: [usdc, owner, salt("pay-2")],
        }),
      ).rejects.toThrow(/token refused the forward/);
      await send(other, ONE_TIME_WALLET_FACTORY, oneTimeWalletFactoryAbi, "deploy", [owner, salt("pay-2")]);
      expect(await balance(wallet)).toBe(AMOUNT);
      expect(await balance(owner)).toBe(ownerBefore);

      for (const [from, fn, args] of [
        [other, "recover", [usdc, other]],
        [treasury, "recover", [usdc, treasury]],
      ] as const) {
        await expect(
          c.public.simulateContract({
            account: from,
            address: wallet,
            abi: oneTimeWalletAbi,
            functionName: fn,
            args,
          }),
        ).rejects.toThrow(/only the owner/);
      }
      await send(owner, wallet, oneTimeWalletAbi, "recover", [usdc, fresh]);
      expect(await balance(fresh)).toBe(AMOUNT);
      expect(await balance(wallet)).toBe(0n);
    } finally {
      await send(admin, usdc, fiatTokenAbi, "unBlacklist", [owner]);
    }
  });
});
