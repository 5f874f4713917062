import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signL1Action } from "@nktkas/hyperliquid/signing";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/twins/venue/index.ts";
import { assetOf, KEYS, num, px, startHarness, T0 } from "./harness.ts";

const AAPL = assetOf("AAPL");
const dir = mkdtempSync(join(tmpdir(), "venue-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("persistence", () => {
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
      orders: [
        {
          a: AAPL,
          b: true,
          p: px(num(book.levels[1][0].px) * 1.01),
          s: "3",
          r: false,
          t: { limit: { tif: "Ioc" } },
        },
      ],
      grouping: "na",
      builder: { b: builder.address, f: 20 },
    });
    await t.exchange.order({
      orders: [
        {
          a: AAPL,
          b: true,
          p: px(num(book.levels[0][0].px) * 0.9),
          s: "1",
          r: false,
          t: { limit: { tif: "Gtc" } },
          c: "0xfeedfeedfeedfeedfeedfeedfeedfeed",
        },
      ],
      grouping: "na",
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
    expect(before.funding).toHaveLength(2);
    expect(before.open).toHaveLength(1);
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
        orders: [
          {
            a: AAPL,
            b: true,
            p: px(num(book.levels[0][0].px) * 0.9),
            s: "1",
            r: false,
            t: { limit: { tif: "Gtc" } },
          },
        ],
        grouping: "na",
      });
      const oid = (next.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
      expect(oid).toBeGreaterThan(before.open[0].oid);
    } finally {
      await second.stop();
    }
  });
});
