import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signL1Action } from "@nktkas/hyperliquid/signing";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/twins/hyperliquid/index.ts";
import { assetOf, gtc, ioc, KEYS, market, num, px, startHarness, T0 } from "./harness.ts";

const AAPL = assetOf("AAPL");
const dir = mkdtempSync(join(tmpdir(), "venue-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("persistence", () => {
  it("a Mainnet state file is refused by a venue configured as Testnet", async () => {
    const stateFile = join(dir, "network.json");
    const first = await startHarness({ stateFile, saveDebounceMs: 20 });
    await first.credit(first.trader(KEYS[0]).address, 10);
    await first.stop();
    expect(JSON.parse(readFileSync(stateFile, "utf8")).network).toBe("Mainnet");
    await expect(startHarness({ stateFile, network: "Testnet" })).rejects.toThrow(
      /is a Mainnet ledger; this venue is configured as Testnet/,
    );
  });

  it("a restart from the state file restores everything that was acknowledged", async () => {
    const stateFile = join(dir, "state.json");
    const clock = new ManualClock(T0);
    const first = await startHarness({ clock, stateFile, saveDebounceMs: 20 });
    const t = await first.fundedTrader(KEYS[0], 10_000);
    const builder = first.trader(KEYS[1]);
    await first.credit(builder.address, 200);

    // an acknowledged deposit is on disk before the admin call returns
    const onDisk = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(onDisk.accounts[builder.address].balance).toBe(200_000_000);

    await t.exchange.approveBuilderFee({ builder: builder.address, maxFeeRate: "0.05%" });
    await t.exchange.updateLeverage({ asset: AAPL, isCross: true, leverage: 4 });
    const book = (await first.info.l2Book({ coin: "xyz:AAPL" }))!;
    await t.exchange.order({
      orders: [ioc(AAPL, true, px(num(book.levels[1][0].px) * 1.01), "3")],
      grouping: "na",
      builder: { b: builder.address, f: 20 },
    });
    await t.exchange.order({
      orders: [
        gtc(AAPL, true, px(num(book.levels[0][0].px) * 0.9), "1", "0xfeedfeedfeedfeedfeedfeedfeedfeed"),
      ],
      grouping: "na",
    });
    // an isolated position on GOLD with a stop under it, both restored after the restart
    const GOLD = assetOf("GOLD");
    await t.exchange.updateLeverage({ asset: GOLD, isCross: false, leverage: 4 });
    const gold = (await first.info.l2Book({ coin: "xyz:GOLD" }))!;
    await t.exchange.order({
      orders: [ioc(GOLD, true, px(num(gold.levels[1][0].px) * 1.01), "0.5")],
      grouping: "na",
    });
    const goldMark = first.venue.engine.core.oraclePx(market("GOLD"), clock.now());
    await t.exchange.order({
      orders: [
        {
          a: GOLD,
          b: false,
          p: px(goldMark * 0.85),
          s: "0",
          r: true,
          t: { trigger: { isMarket: true, triggerPx: px(goldMark * 0.95), tpsl: "sl" } },
        },
      ],
      grouping: "positionTpsl",
    });
    await first.admin("/_twin/clock", { advanceMs: 2 * 3_600_000 });
    await t.exchange.withdraw3({ destination: t.address, amount: "100" });
    const nonce = clock.tick();
    const signature = await signL1Action({ wallet: t.wallet, action: { type: "noop" }, nonce });
    expect((await first.post({ action: { type: "noop" }, nonce, signature })).body.status).toBe("ok");

    const snapshot = async (h: typeof first) => ({
      state: await h.info.clearinghouseState({ user: t.address, dex: "xyz" }),
      open: await h.info.frontendOpenOrders({ user: t.address, dex: "xyz" }),
      fills: await h.info.userFills({ user: t.address }),
      funding: await h.info.userFunding({ user: t.address }),
      fee: await h.info.maxBuilderFee({ user: t.address, builder: builder.address }),
      mode: await h.info.userAbstraction({ user: t.address }),
      builderState: await h.info.clearinghouseState({ user: builder.address }),
      payouts: await h.admin("/_twin/payouts"),
      ctx: (await h.info.metaAndAssetCtxs({ dex: "xyz" }))[1],
      candles: await h.info.candleSnapshot({ coin: "xyz:AAPL", interval: "1m", startTime: T0 - 600_000 }),
      history: await h.info.historicalOrders({ user: t.address }),
    });
    const before = await snapshot(first);
    expect(before.funding).toHaveLength(4);
    expect(before.open).toHaveLength(2);
    expect(
      before.state.assetPositions.find((p) => p.position.coin === "xyz:GOLD")?.position.leverage,
    ).toMatchObject({
      type: "isolated",
      value: 4,
    });
    await first.stop();

    const second = await startHarness({ clock, stateFile });
    try {
      expect(await snapshot(second)).toEqual(before);
      // spent nonces stay spent, and ids keep counting
      expect((await second.post({ action: { type: "noop" }, nonce, signature })).body).toEqual({
        status: "err",
        response: `Invalid nonce: duplicate nonce ${nonce}`,
      });
      const again = second.trader(KEYS[0]);
      const next = await again.exchange.order({
        orders: [gtc(AAPL, true, px(num(book.levels[0][0].px) * 0.9), "1")],
        grouping: "na",
      });
      const oid = (next.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
      expect(oid).toBeGreaterThan(Math.max(...before.open.map((o) => o.oid)));
      // the restored stop still guards the restored isolated position
      await second.admin("/_twin/oracle", { coin: "xyz:GOLD", px: goldMark * 0.9 });
      const after = await second.info.clearinghouseState({ user: t.address, dex: "xyz" });
      expect(after.assetPositions.map((p) => p.position.coin)).toEqual(["xyz:AAPL"]);
      const stop = before.open.find((o) => o.isTrigger)!;
      expect(await second.info.orderStatus({ user: t.address, oid: stop.oid })).toMatchObject({
        order: { status: "triggered" },
      });
    } finally {
      await second.stop();
    }
  });
});
