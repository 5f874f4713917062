import { type Address, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { type DevnetHandle, fiatTokenAbi } from "../../src/index.ts";
import { chainDeliverer } from "../../src/twins/stripe-onramp/delivery.ts";
import type { StoredSession } from "../../src/twins/stripe-onramp/state.ts";
import { clients, devnetForFile } from "../helpers.ts";

let devnet: DevnetHandle;
devnetForFile("onramp-delivery", 4600, { chains: ["ethereum"], twins: [], earn: false }, (d) => {
  devnet = d;
});

describe("provider twin payments", () => {
  it("behavior: a payment retried after a restart (transfer sent, outcome not saved) is found on chain, not paid again", async () => {
    const c = clients(devnet, "ethereum");
    const usdc = devnet.addressBook.chains.ethereum!.contracts.USDC!;
    const wallet: Address = "0x00000000000000000000000000000000000d3005";
    const balance = () =>
      c.public.readContract({ address: usdc, abi: fiatTokenAbi, functionName: "balanceOf", args: [wallet] });
    const deliverer = chainDeliverer(devnet.addressBook);
    const session = {
      id: "cos_restart",
      walletAddress: wallet,
      destinationAmount: "12.5",
      deliveryFromBlock: Number(await deliverer.head()),
    } as StoredSession;
    const first = await deliverer.deliver(session);
    expect(await balance()).toBe(parseUnits("12.5", 6));
    // a fresh twin process with the saved session (deliveryFromBlock, no transaction id) tries again
    const again = await chainDeliverer(devnet.addressBook).deliver(session);
    expect(again.txHash).toBe(first.txHash);
    expect(await balance()).toBe(parseUnits("12.5", 6));
    const receipt = await c.public.getTransactionReceipt({ hash: first.txHash });
    expect(receipt.to?.toLowerCase()).toBe(usdc.toLowerCase());
  });
});
