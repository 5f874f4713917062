/**
 * A stand-in for the Compass API in stories: canned answers in the wire shapes, so every widget state can
 * be rendered without a server. Passed to the widget as its `fetch`.
 */
type Json = Record<string, unknown>;

export interface Scenario {
  /** the account has funds, a position, an open order and fills */
  trading?: boolean;
  /** what POST /execute answers */
  execute?: "filled" | "stranger";
  /** GET reads never answer (loading state) */
  loading?: boolean;
}

const MARKETS = [
  ["GOLD", 110008, "commodity", "4012.4", 20, 4, "84210000", "12800000", "0.0000125"],
  ["AAPL", 110001, "stock", "231.82", 10, 3, "52300000", "9100000", "0.0000100"],
  ["TSLA", 110002, "stock", "428.15", 10, 3, "48700000", "15400000", "-0.0000062"],
  ["NVDA", 110003, "stock", "181.07", 10, 3, "40100000", "11100000", "0.0000125"],
  ["EUR", 110011, "forex", "1.1612", 50, 1, "31000000", "22000000", "0.0000031"],
  ["CL", 110010, "commodity", "62.41", 20, 2, "21400000", "6400000", "-0.0000180"],
  ["SILVER", 110009, "commodity", "48.17", 20, 2, "14900000", "3200000", "0.0000125"],
] as const;

const opportunities = (q: URLSearchParams) => {
  const rows = MARKETS.map(([asset, id, category, mark, lev, sz, oi, vol, funding]) => ({
    asset,
    asset_id: id,
    category,
    mark_price: mark,
    oracle_price: mark,
    open_interest: oi,
    volume_24h: vol,
    funding_rate: funding,
    max_leverage: lev,
    sz_decimals: sz,
  })).filter((o) => !q.get("category") || o.category === q.get("category"));
  const key = (q.get("sort_by") ?? "open_interest") as "open_interest" | "volume_24h" | "funding_rate";
  return { opportunities: rows.sort((a, b) => Number(b[key]) - Number(a[key])) };
};

function candles(symbol: string) {
  const base = Number(MARKETS.find((m) => m[0] === symbol)?.[3] ?? 100);
  let seed = symbol.length * 7919;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.01;
  };
  let price = base;
  const t0 = 1_780_000_000 - 120 * 900;
  return Array.from({ length: 120 }, (_, i) => {
    const open = price;
    price = price * (1 + rand());
    const high = Math.max(open, price) * (1 + Math.abs(rand()) / 2);
    const low = Math.min(open, price) * (1 - Math.abs(rand()) / 2);
    const f = (n: number) => n.toPrecision(5);
    return {
      time: t0 + i * 900,
      open: f(open),
      high: f(high),
      low: f(low),
      close: f(price),
      volume: "12.5",
      trades: 9,
    };
  });
}

export const OWNER = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";

const activity = (trading: boolean) => ({
  owner: OWNER,
  positions: trading
    ? [
        {
          asset: "AAPL",
          asset_id: 110001,
          side: "long",
          size: "2.5",
          entry_price: "228.41",
          mark_price: "231.82",
          liquidation_price: "184.6",
          unrealized_pnl: "8.525",
          leverage: "5",
          margin_used: "115.91",
          funding_accrued: "-0.42",
        },
      ]
    : [],
  account_value: trading ? "1008.52" : "0.0",
  withdrawable: trading ? "892.61" : "0.0",
  fills: trading
    ? [
        {
          asset: "AAPL",
          side: "buy",
          price: "228.41",
          size: "2.5",
          fee: "0.257",
          builder_fee: null,
          closed_pnl: null,
          order_id: 1000231,
          time_ms: 1_779_990_000_000,
        },
        {
          asset: "GOLD",
          side: "sell",
          price: "4020.1",
          size: "0.05",
          fee: "0.09",
          builder_fee: null,
          closed_pnl: "3.85",
          order_id: 1000198,
          time_ms: 1_779_980_000_000,
        },
      ]
    : [],
  open_orders: trading
    ? [
        {
          asset: "GOLD",
          side: "buy",
          limit_price: "3850",
          size: "0.02",
          order_id: 1000244,
          time_ms: 1_779_995_000_000,
          reduce_only: false,
        },
      ]
    : [],
});

const L1_TYPED_DATA = {
  domain: {
    name: "Exchange",
    version: "1",
    chainId: 1337,
    verifyingContract: "0x0000000000000000000000000000000000000000",
  },
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    Agent: [
      { name: "source", type: "string" },
      { name: "connectionId", type: "bytes32" },
    ],
  },
  primaryType: "Agent",
  message: { source: "a", connectionId: `0x${"ab".repeat(32)}` },
};

const EXECUTE: Record<NonNullable<Scenario["execute"]>, Json> = {
  filled: {
    status: "ok",
    response: {
      type: "order",
      data: { statuses: [{ filled: { totalSz: "0.01", avgPx: "4013.1", oid: 1000301 } }] },
    },
  },
  stranger: {
    status: "error",
    response: { error: "User or API Wallet 0x5e1f00000000000000000000000000000000beef does not exist." },
  },
};

export function fakeApi(scenario: Scenario = {}): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://story");
    const op = url.pathname.replace("/v2/perpetual_trading/", "");
    if (scenario.loading && init?.method !== "POST") return new Promise<Response>(() => {});
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    switch (op) {
      case "opportunities":
        return answer(opportunities(url.searchParams));
      case "candles":
        return answer({
          symbol: url.searchParams.get("symbol"),
          interval: url.searchParams.get("interval"),
          candles: candles(url.searchParams.get("symbol")!),
        });
      case "activity":
      case "positions":
        return answer(activity(!!scenario.trading));
      case "enable_unified_account":
        return answer({ mode: "unifiedAccount", typed_data: null, action: null, nonce: null });
      case "set_leverage":
        return answer({ leverage_ok: true, typed_data: null, action: null, nonce: null });
      case "market_order":
      case "limit_order":
        return answer({ typed_data: L1_TYPED_DATA, action: { type: "order" }, nonce: 1_780_000_000_000 });
      case "execute":
        return answer(EXECUTE[scenario.execute ?? "filled"]);
      default:
        return new Response(JSON.stringify({ detail: "Not Found" }), { status: 404 });
    }
  };
}
