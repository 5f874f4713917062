import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Payout } from "../../src/twins/hyperliquid/index.ts";
import { type Harness, KEYS, startHarness } from "./harness.ts";

describe("money in and out", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it("credits a deposit once per transaction hash", async () => {
    const t = h.trader(KEYS[0]);
    const tx = `0x${"ab".repeat(32)}`;
    expect(await h.credit(t.address, "250.5", tx)).toEqual({ credited: true, balance: "250.5" });
    expect(await h.credit(t.address, "250.5", tx)).toEqual({ credited: false, balance: "250.5" });
    expect(await h.credit(t.address, 10, tx.toUpperCase().replace("0X", "0x"))).toMatchObject({
      credited: false,
    });
    expect((await h.info.clearinghouseState({ user: t.address })).withdrawable).toBe("250.5");
    expect(await h.info.userRole({ user: t.address })).toEqual({ role: "user" });
  });

  it("withdraw3 debits withdrawable and queues a payout (amount less the 1 USDC fee)", async () => {
    const t = h.trader(KEYS[1]);
    await h.credit(t.address, 1_000);
    const destination = "0x000000000000000000000000000000000000beef";
    await expect(t.exchange.withdraw3({ destination, amount: "5000" })).rejects.toThrow(
      "Insufficient balance for withdrawal",
    );
    await expect(t.exchange.withdraw3({ destination, amount: "400" })).resolves.toEqual({
      status: "ok",
      response: { type: "default" },
    });
    expect((await h.info.clearinghouseState({ user: t.address })).withdrawable).toBe("600.0");

    const { payouts } = (await h.admin("/_twin/payouts")) as { payouts: Payout[] };
    const payout = payouts.find((p) => p.user === t.address)!;
    expect(payout).toMatchObject({
      user: t.address,
      destination,
      usd: "399.0",
      status: "pending",
      txHash: null,
    });
    expect(payout.nonce).toBeGreaterThan(0);

    const txHash = `0x${"cd".repeat(32)}`;
    expect((await h.admin("/_twin/payouts/paid", { id: payout.id, txHash })).payout).toMatchObject({
      status: "paid",
      txHash,
    });
    expect(
      (await h.admin("/_twin/payouts?status=pending")).payouts.find((p: Payout) => p.id === payout.id),
    ).toBeUndefined();
  });

  it("pays queued withdrawals through a PayoutExecutor when one is plugged in", async () => {
    const paid: Payout[] = [];
    const executor = {
      async pay(p: Payout) {
        paid.push(p);
        return `0x${p.id.toString(16).padStart(64, "0")}`;
      },
    };
    const other = await startHarness({ payoutExecutor: executor });
    try {
      const t = other.trader(KEYS[2]);
      await other.credit(t.address, 100);
      await t.exchange.withdraw3({ destination: t.address, amount: "50" });
      await expect.poll(() => paid.length).toBe(1);
      await expect
        .poll(async () => ((await other.admin("/_twin/payouts")).payouts as Payout[])[0]?.status)
        .toBe("paid");
      expect(paid[0]).toMatchObject({ user: t.address, destination: t.address, usd: "49.0" });
    } finally {
      await other.stop();
    }
  });

  it("usdSend moves USDC between venue accounts instantly", async () => {
    const from = h.trader(KEYS[3]);
    const to = h.trader(KEYS[4]);
    await h.credit(from.address, 300);
    await from.exchange.usdSend({ destination: to.address, amount: "120" });
    expect((await h.info.clearinghouseState({ user: from.address })).withdrawable).toBe("180.0");
    expect((await h.info.clearinghouseState({ user: to.address })).withdrawable).toBe("120.0");
  });

  it("moves the clock only forward through the admin surface", async () => {
    const { now } = await h.admin("/_twin/clock");
    expect((await h.admin("/_twin/clock", { advanceMs: 1000 })).now).toBe(now + 1000);
    expect((await h.admin("/_twin/clock", { setMs: now })).error).toMatch(/forward/);
  });
});
