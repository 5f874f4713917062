import type { CancelResponse, OrderResponse, UpdateLeverageResponse } from "@nktkas/hyperliquid/api/exchange";
import type {
  ActiveAssetDataResponse,
  AllMidsResponse,
  CandleSnapshotResponse,
  ClearinghouseStateResponse,
  ExtraAgentsResponse,
  FrontendOpenOrdersResponse,
  FundingHistoryResponse,
  HistoricalOrdersResponse,
  L2BookResponse,
  MaxBuilderFeeResponse,
  MetaAndAssetCtxsResponse,
  MetaResponse,
  OpenOrdersResponse,
  OrderStatusResponse,
  PerpDexsResponse,
  PortfolioResponse,
  PredictedFundingsResponse,
  SpotClearinghouseStateResponse,
  SpotMetaAndAssetCtxsResponse,
  SpotMetaResponse,
  UserAbstractionResponse,
  UserFillsByTimeResponse,
  UserFillsResponse,
  UserFundingResponse,
  UserRateLimitResponse,
  UserRoleResponse,
} from "@nktkas/hyperliquid/api/info";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExchangeReply } from "../../src/twins/hyperliquid/exchange/reply.ts";
import type * as account from "../../src/twins/hyperliquid/info/account.ts";
import { INFO_TYPES } from "../../src/twins/hyperliquid/info/dispatch.ts";
import type * as ledger from "../../src/twins/hyperliquid/info/ledger.ts";
import type * as market from "../../src/twins/hyperliquid/info/market.ts";
import type * as spot from "../../src/twins/hyperliquid/info/spot.ts";
import { assetOf, gtc, type Harness, ioc, KEYS, num, px, startHarness, T0 } from "./harness.ts";

/**
 * Fidelity of the wire shapes, two ways:
 *  1. at type-check time (tsc runs over this file): what each twin handler returns must be
 *     assignable to the maintained client's response type, and may not carry any field path the
 *     client's type does not know;
 *  2. at run time: every answer, fetched through the client, is walked and every decimal string
 *     must use the venue's plain notation (no exponents, no bare dots).
 */
type Assignable<A, B> = [A] extends [B] ? true : false;
type Paths<T, P extends string = ""> = T extends readonly (infer E)[]
  ? Paths<E, `${P}[]`>
  : T extends object
    ? { [K in keyof T & string]-?: `${P}.${K}` | Paths<NonNullable<T[K]>, `${P}.${K}`> }[keyof T & string]
    : never;
type NoExtra<A, B> = [Exclude<Paths<A>, Paths<B>>] extends [never] ? true : Exclude<Paths<A>, Paths<B>>;
type Fits<A, B> = Assignable<A, B> extends true ? NoExtra<A, B> : false;
const fits = <T extends true>(_proof?: T) => undefined;

type R<F extends (...args: never[]) => unknown> = ReturnType<F>;
fits<Fits<R<typeof market.meta>, MetaResponse>>();
fits<Fits<R<typeof market.metaAndAssetCtxs>, MetaAndAssetCtxsResponse>>();
fits<Fits<R<typeof market.perpDexs>, PerpDexsResponse>>();
fits<Fits<R<typeof market.allMids>, AllMidsResponse>>();
fits<Fits<R<typeof market.l2Book>, L2BookResponse>>();
fits<Fits<R<typeof market.candles>, CandleSnapshotResponse>>();
fits<Fits<R<typeof account.clearinghouseState>, ClearinghouseStateResponse>>();
fits<Fits<R<typeof account.openOrders>, OpenOrdersResponse>>();
fits<Fits<R<typeof account.frontendOpenOrders>, FrontendOpenOrdersResponse>>();
fits<Fits<R<typeof account.orderStatus>, OrderStatusResponse>>();
fits<Fits<R<typeof account.historicalOrders>, HistoricalOrdersResponse>>();
fits<Fits<R<typeof account.activeAssetData>, ActiveAssetDataResponse>>();
fits<Fits<R<typeof ledger.userFills>, UserFillsResponse>>();
fits<Fits<R<typeof ledger.userFillsByTime>, UserFillsByTimeResponse>>();
fits<Fits<R<typeof ledger.userFunding>, UserFundingResponse>>();
fits<Fits<R<typeof ledger.maxBuilderFee>, MaxBuilderFeeResponse>>();
fits<Fits<R<typeof ledger.userAbstraction>, UserAbstractionResponse>>();
fits<Fits<R<typeof ledger.userRateLimit>, UserRateLimitResponse>>();
fits<Fits<R<typeof ledger.userRole>, UserRoleResponse>>();
fits<Fits<R<typeof ledger.portfolio>, PortfolioResponse>>();
fits<Fits<R<typeof ledger.extraAgents>, ExtraAgentsResponse>>();
fits<Fits<R<typeof market.fundingHistory>, FundingHistoryResponse>>();
fits<Fits<R<typeof market.predictedFundings>, PredictedFundingsResponse>>();
fits<Fits<R<typeof spot.spotMeta>, SpotMetaResponse>>();
fits<Fits<R<typeof spot.spotMetaAndAssetCtxs>, SpotMetaAndAssetCtxsResponse>>();
fits<Fits<R<typeof spot.spotClearinghouseState>, SpotClearinghouseStateResponse>>();
fits<Assignable<ExchangeReply, OrderResponse | CancelResponse | UpdateLeverageResponse>>();

const NUMERIC = /^-?[0-9.]+(?:[eE][-+]?\d+)?$/;
const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

function decimalStrings(value: unknown, path = "$", out: [string, string][] = []): [string, string][] {
  if (typeof value === "string" && NUMERIC.test(value)) out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) decimalStrings(v, `${path}[${i}]`, out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) decimalStrings(v, `${path}.${k}`, out);
  return out;
}

describe("wire shapes", () => {
  let h: Harness;
  let user: `0x${string}`;
  let builder: `0x${string}`;
  beforeAll(async () => {
    h = await startHarness();
    const t = await h.fundedTrader(KEYS[0], 20_000);
    const b = h.trader(KEYS[1]);
    await h.credit(b.address, 150);
    await t.exchange.approveBuilderFee({ builder: b.address, maxFeeRate: "0.02%" });
    user = t.address;
    builder = b.address;
    for (const ticker of ["AAPL", "GOLD", "EUR", "XYZ100"]) {
      const coin = `xyz:${ticker}`;
      const book = (await h.info.l2Book({ coin }))!;
      const ask = num(book.levels[1][0].px);
      const bid = num(book.levels[0][0].px);
      const size = (Math.ceil((2_000 / ask) * 10 ** 4) / 10 ** 4).toFixed(4);
      const decimals = { AAPL: 3, GOLD: 4, EUR: 1, XYZ100: 4 }[ticker]!;
      const sz = Number(size).toFixed(decimals);
      await t.exchange.order({
        orders: [
          ioc(assetOf(ticker), true, px(ask * 1.01), sz),
          gtc(assetOf(ticker), true, px(bid * 0.97), sz, "0x5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e"),
        ],
        grouping: "na",
        builder: { b: builder, f: 15 },
      });
    }
    await h.admin("/_twin/clock", { advanceMs: 3_600_000 });
  });
  afterAll(() => h.stop());

  it("every info type the twin supports answers in plain decimal notation", async () => {
    const info = h.info;
    const answers: Record<string, unknown> = {
      meta: await info.meta({ dex: "xyz" }),
      metaMain: await info.meta(),
      metaAndAssetCtxs: await info.metaAndAssetCtxs({ dex: "xyz" }),
      perpDexs: await info.perpDexs(),
      allMids: await info.allMids({ dex: "xyz" }),
      l2Book: await info.l2Book({ coin: "xyz:GOLD" }),
      l2BookCoarse: await info.l2Book({ coin: "xyz:GOLD", nSigFigs: 3 }),
      candleSnapshot: await info.candleSnapshot({
        coin: "xyz:EUR",
        interval: "15m",
        startTime: T0 - 86_400_000,
      }),
      clearinghouseState: await info.clearinghouseState({ user, dex: "xyz" }),
      openOrders: await info.openOrders({ user, dex: "xyz" }),
      frontendOpenOrders: await info.frontendOpenOrders({ user, dex: "xyz" }),
      orderStatus: await info.orderStatus({ user, oid: "0x5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e" }),
      historicalOrders: await info.historicalOrders({ user }),
      activeAssetData: await info.activeAssetData({ user, coin: "xyz:AAPL" }),
      userFills: await info.userFills({ user }),
      userFillsByTime: await info.userFillsByTime({ user, startTime: T0 - 1, aggregateByTime: true }),
      userFunding: await info.userFunding({ user }),
      maxBuilderFee: await info.maxBuilderFee({ user, builder }),
      userAbstraction: await info.userAbstraction({ user }),
      userRateLimit: await info.userRateLimit({ user }),
      userRole: await info.userRole({ user }),
      portfolio: await info.portfolio({ user }),
      spotMeta: await info.spotMeta(),
      spotMetaAndAssetCtxs: await info.spotMetaAndAssetCtxs(),
      spotClearinghouseState: await info.spotClearinghouseState({ user }),
      fundingHistory: await info.fundingHistory({ coin: "xyz:AAPL", startTime: T0 - 3 * 3_600_000 }),
      predictedFundings: await info.predictedFundings(),
      extraAgents: await info.extraAgents({ user }),
    };
    expect(new Set(INFO_TYPES)).toEqual(
      new Set(Object.keys(answers).filter((k) => !/Main$|Coarse$/.test(k))),
    );
    expect((answers.clearinghouseState as ClearinghouseStateResponse).assetPositions).toHaveLength(4);
    expect((answers.openOrders as unknown[]).length).toBe(4);
    expect((answers.userFunding as unknown[]).length).toBe(4);
    expect(answers.maxBuilderFee).toBe(20);
    // the Python SDK's Info indexes spot metadata at construction: USDC alone, no pairs
    expect(answers.spotMeta).toEqual({
      universe: [],
      tokens: [
        expect.objectContaining({ name: "USDC", index: 0, tokenId: "0x6d1e7cde53ba9467b783cb7c530ce054" }),
      ],
    });
    expect((answers.spotClearinghouseState as SpotClearinghouseStateResponse).balances[0]).toMatchObject({
      coin: "USDC",
      token: 0,
    });
    const history = answers.fundingHistory as FundingHistoryResponse;
    expect(history.map((r) => r.time)).toEqual(
      [0, 1, 2, 3].map((k) => Math.ceil((T0 - 3 * 3_600_000) / 3_600_000) * 3_600_000 + k * 3_600_000),
    );
    // the hour settled with positions open is on record, with the rate the positions paid
    const settled = (answers.userFunding as UserFundingResponse).find((f) => f.delta.coin === "xyz:AAPL")!;
    expect(history.find((r) => r.time === settled.time)?.fundingRate).toBe(settled.delta.fundingRate);
    expect((answers.predictedFundings as PredictedFundingsResponse).map(([coin]) => coin)).toContain(
      "xyz:AAPL",
    );
    expect(answers.metaMain).toEqual({ universe: [], marginTables: [], collateralToken: 0 });
    const strings = decimalStrings(answers);
    expect(strings.length).toBeGreaterThan(200);
    for (const [path, value] of strings) expect(value, path).toMatch(PLAIN_DECIMAL);
  });

  it("answers unknown info types and malformed requests with HTTP 422 text, like the venue", async () => {
    for (const body of [
      { type: "nope" },
      { type: "clearinghouseState", user: "0x12" },
      { type: "meta", dex: "nodex" },
    ]) {
      const res = await fetch(`${h.venue.url}/info`, { method: "POST", body: JSON.stringify(body) });
      expect(res.status).toBe(422);
      expect(await res.text()).toMatch(/^Failed to deserialize the JSON body into the target type/);
    }
    const health = await fetch(`${h.venue.url}/health`).then((r) => r.json());
    expect(health).toMatchObject({ ok: true, name: "venue", network: "Mainnet" });
  });

  it("serves candles for every interval, from trades where there were any and from the oracle otherwise", async () => {
    const size = {
      "1m": 60_000,
      "5m": 300_000,
      "15m": 900_000,
      "1h": 3_600_000,
      "4h": 14_400_000,
      "1d": 86_400_000,
      "1w": 604_800_000,
    };
    for (const interval of ["1m", "5m", "15m", "1h", "4h", "1d", "1w"] as const) {
      const startTime = h.clock.now() - 300 * size[interval];
      const rows = await h.info.candleSnapshot({ coin: "xyz:AAPL", interval, startTime });
      expect(rows.length, interval).toBeGreaterThanOrEqual(300);
      const last = rows[rows.length - 1];
      expect(last.T - last.t + 1).toBe(size[interval]);
      expect(rows.every((r, i) => i === 0 || r.t > rows[i - 1].t)).toBe(true);
      expect(
        rows.some((r) => r.n > 0),
        interval,
      ).toBe(true);
    }
    // the venue serves at most 5000 candles, the most recent ones
    const all = await h.info.candleSnapshot({ coin: "xyz:GOLD", interval: "1m", startTime: 0 });
    expect(all).toHaveLength(5000);
    expect(all[4999].t).toBe(Math.floor(h.clock.now() / 60_000) * 60_000);
    const hourStart = Math.floor(T0 / 3_600_000) * 3_600_000 - 3_600_000;
    const minute = await h.info.candleSnapshot({
      coin: "xyz:AAPL",
      interval: "1m",
      startTime: hourStart,
      endTime: hourStart + 3_599_999,
    });
    expect(minute).toHaveLength(60);
    expect(minute.every((c) => c.n === 0 && c.v === "0.0" && num(c.h) >= num(c.l))).toBe(true);
  });
});
