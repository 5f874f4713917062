import {
  CCTP_DOMAINS,
  CCTP_MESSAGE_TRANSMITTER_V2,
  CCTP_TOKEN_MESSENGER_V2,
  cctpMessageTransmitterV2Abi,
  cctpTokenMessengerV2Abi,
  USDC,
} from "@compass/constants";
import { type Address, erc20Abi, type Hex, pad, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import type { DevnetHandle } from "../src/index.ts";
import { clients, dev, devnetForFile, devWrite } from "./helpers.ts";

let devnet: DevnetHandle;
let iris: string;
devnetForFile("cctp", 6000, { chains: ["ethereum", "base"], earn: false, twins: ["iris"] }, (d) => {
  devnet = d;
  iris = (devnet.addressBook.twins.iris as { url: string }).url;
});

const get = async (path: string) => {
  const res = await fetch(`${iris}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};
const balance = (chain: "ethereum" | "base", who: Address) =>
  clients(devnet, chain).public.readContract({
    address: USDC[chain]!.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

const write = (
  chain: "ethereum" | "base",
  from: number,
  to: Address,
  abi: unknown,
  fn: string,
  args: readonly unknown[],
) => devWrite(devnet, chain, from, to, abi, fn, args);

async function burn(from: number, amount: bigint, maxFee: bigint, threshold: number) {
  const who = dev(devnet, from).address;
  await write("ethereum", from, USDC.ethereum!.address, erc20Abi, "approve", [
    CCTP_TOKEN_MESSENGER_V2,
    amount,
  ]);
  return write("ethereum", from, CCTP_TOKEN_MESSENGER_V2, cctpTokenMessengerV2Abi, "depositForBurn", [
    amount,
    CCTP_DOMAINS.base,
    pad(who),
    USDC.ethereum!.address,
    pad("0x"),
    maxFee,
    threshold,
  ]);
}

describe("CCTP v2 on the devnet, attested by the Iris twin", () => {
  it("a fast burn on ethereum is pending, then complete after the confirmations, and mints on base less the fee", async () => {
    const who = dev(devnet, 2).address;
    const amount = parseUnits("1000", 6);
    const [ethBefore, baseBefore] = [await balance("ethereum", who), await balance("base", who)];
    const receipt = await burn(2, amount, parseUnits("1", 6), 1000);
    expect(await balance("ethereum", who)).toBe(ethBefore - amount);
    const path = `/v2/messages/0?transactionHash=${receipt.transactionHash}`;
    const pending = await get(path);
    expect(pending.status).toBe(200);
    expect(pending.body.messages[0]).toMatchObject({
      status: "pending_confirmations",
      attestation: "PENDING",
    });
    await devnet.advanceTime(30);
    const done = await get(path);
    const m = done.body.messages[0];
    expect(m).toMatchObject({ status: "complete", cctpVersion: 2 });
    expect(m.decodedMessage).toMatchObject({
      sourceDomain: "0",
      destinationDomain: "6",
      finalityThresholdExecuted: "1000",
    });
    expect(m.decodedMessage.decodedMessageBody.feeExecuted).toBe("100000"); // 1 bp of 1000 USDC
    await write("base", 2, CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi, "receiveMessage", [
      m.message,
      m.attestation,
    ]);
    expect(await balance("base", who)).toBe(baseBefore + amount - 100_000n);
    // a message is received once
    await expect(
      write("base", 2, CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi, "receiveMessage", [
        m.message,
        m.attestation,
      ]),
    ).rejects.toThrow(/Nonce already used/);
  });

  it("a standard burn waits for finality and is free; a tampered message is refused", async () => {
    const who = dev(devnet, 3).address;
    const amount = parseUnits("50", 6);
    const baseBefore = await balance("base", who);
    const receipt = await burn(3, amount, 0n, 2000);
    await devnet.advanceTime(60);
    const path = `/v2/messages/0?transactionHash=${receipt.transactionHash}`;
    expect((await get(path)).body.messages[0].status).toBe("pending_confirmations");
    await devnet.advanceTime(15 * 60);
    const m = (await get(path)).body.messages[0];
    expect(m).toMatchObject({ status: "complete" });
    expect(m.decodedMessage.finalityThresholdExecuted).toBe("2000");
    // by nonce too
    expect((await get(`/v2/messages/0?nonce=${m.eventNonce}`)).body.messages[0].message).toBe(m.message);
    const tampered = `${m.message.slice(0, -2)}ff` as Hex;
    await expect(
      write("base", 3, CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi, "receiveMessage", [
        tampered,
        m.attestation,
      ]),
    ).rejects.toThrow(/not attester|invalid signature/i);
    await write("base", 3, CCTP_MESSAGE_TRANSMITTER_V2, cctpMessageTransmitterV2Abi, "receiveMessage", [
      m.message,
      m.attestation,
    ]);
    expect(await balance("base", who)).toBe(baseBefore + amount);
  });

  it("a fast burn whose max fee is short is attested as standard; Iris refuses what the real one refuses", async () => {
    const receipt = await burn(4, parseUnits("1000", 6), 1n, 1000);
    await devnet.advanceTime(30);
    const path = `/v2/messages/0?transactionHash=${receipt.transactionHash}`;
    expect((await get(path)).body.messages[0].status).toBe("pending_confirmations");
    expect((await get("/v2/messages/5?transactionHash=" + receipt.transactionHash)).status).toBe(400);
    expect((await get(`${path}&foo=1`)).status).toBe(400);
    expect((await get(`/v2/messages/0?transactionHash=0x${"ab".repeat(32)}`)).status).toBe(404);
    expect((await get("/v2/burn/USDC/fees/0/6")).body).toEqual([
      { finalityThreshold: 1000, minimumFee: 1 },
      { finalityThreshold: 2000, minimumFee: 0 },
    ]);
    expect((await get("/v2/burn/USDC/fees/6/6")).status).toBe(400);
  });

  it("the messenger refuses Circle's refusals", async () => {
    await expect(burn(5, parseUnits("1", 6), parseUnits("1", 6), 1000)).rejects.toThrow(
      /Max fee must be less than amount/,
    );
  });
});
