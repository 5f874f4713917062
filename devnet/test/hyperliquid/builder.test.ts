import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUsd } from "../../src/twins/hyperliquid/engine/decimal.ts";
import { assetOf, type Harness, ioc, KEYS, num, px, startHarness, type Trader } from "./harness.ts";

const AAPL = assetOf("AAPL");
const micro = (text: string) => parseUsd(text)!;

describe("builder fees", () => {
  let h: Harness;
  let user: Trader;
  let builder: Trader;
  beforeAll(async () => {
    h = await startHarness();
    user = await h.fundedTrader(KEYS[0], 10_000);
    builder = h.trader(KEYS[1]);
  });
  afterAll(() => h.stop());

  const buy = (f: number, size = "1") =>
    h.info.l2Book({ coin: "xyz:AAPL" }).then((book) =>
      user.exchange.order({
        orders: [ioc(AAPL, true, px(num(book!.levels[1][0].px) * 1.01), size)],
        grouping: "na",
        builder: { b: builder.address, f },
      }),
    );

  it("refuses approving a builder that holds less than 100 USDC", async () => {
    await expect(
      user.exchange.approveBuilderFee({ builder: builder.address, maxFeeRate: "0.01%" }),
    ).rejects.toThrow("Builder has insufficient balance to be approved.");
    expect(await h.info.maxBuilderFee({ user: user.address, builder: builder.address })).toBe(0);
  });

  it("rejects orders carrying an unapproved builder", async () => {
    await expect(buy(10)).rejects.toThrow("Builder fee has not been approved.");
  });

  it("stores the approval in tenths of a basis point and charges it on fills, crediting the builder", async () => {
    await h.credit(builder.address, 100);
    await user.exchange.approveBuilderFee({ builder: builder.address, maxFeeRate: "0.01%" });
    expect(await h.info.maxBuilderFee({ user: user.address, builder: builder.address })).toBe(10);

    const builderBefore = micro((await h.admin(`/_twin/account?user=${builder.address}`)).balance);
    const reply = await buy(10, "2");
    expect(reply.response.data.statuses[0]).toMatchObject({ filled: { totalSz: "2.0" } });
    const [fill] = await h.info.userFills({ user: user.address });
    const notional = Math.round(num(fill.px) * 2 * 1e6);
    const builderFee = Math.round((notional * 10) / 100_000); // 1 bp
    expect(micro(fill.builderFee!)).toBe(builderFee);
    expect(micro(fill.fee)).toBe(Math.round(notional * 0.00045) + builderFee); // `fee` includes the builder's part
    const builderAfter = micro((await h.admin(`/_twin/account?user=${builder.address}`)).balance);
    expect(builderAfter - builderBefore).toBe(builderFee);
  });

  it("rejects a builder fee above the approved maximum, and accepts lower ones", async () => {
    await expect(buy(11)).rejects.toThrow("Builder fee has not been approved.");
    await expect(buy(5)).resolves.toMatchObject({ status: "ok" });
    await user.exchange.approveBuilderFee({ builder: builder.address, maxFeeRate: "0%" });
    expect(await h.info.maxBuilderFee({ user: user.address, builder: builder.address })).toBe(0);
    await expect(buy(1)).rejects.toThrow("Builder fee has not been approved.");
  });
});
