/**
 * A stand-in for the Compass API in stories: canned answers in the wire shapes, so every widget state can
 * be rendered without a server. Passed to the widget as its `fetch`.
 */
type Json = Record<string, unknown>;

export interface Scenario {
  /** the account has funds, a position, an open order and fills */
  trading?: boolean;
  /** what POST /execute answers to an order */
  execute?: "filled" | "stranger" | "resting";
  /** GET reads never answer (loading state) */
  loading?: boolean;
  /** the API refuses the publishable key (401) on every read */
  unauthorized?: boolean;
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
        {
          asset: "AAPL",
          side: "sell",
          limit_price: "250",
          size: "2.5",
          order_id: 1000245,
          time_ms: 1_779_995_100_000,
          reduce_only: true,
          trigger_price: "250",
          tpsl: "tp",
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

const USER_SIGNED_DOMAIN = (chainId: number) => ({
  name: "HyperliquidSignTransaction",
  version: "1",
  chainId,
  verifyingContract: "0x0000000000000000000000000000000000000000",
});

/** The withdraw3 action a wallet signs (user-signed, for the wallet's active chain). */
function withdrawAction(body: Json) {
  const chainId = Number(body.signature_chain_id ?? 421614);
  const nonce = 1_780_000_000_000;
  const message = {
    hyperliquidChain: "Mainnet",
    destination: String(body.owner).toLowerCase(),
    amount: String(body.amount),
    time: nonce,
  };
  return {
    typed_data: {
      domain: USER_SIGNED_DOMAIN(chainId),
      types: {
        "HyperliquidTransaction:Withdraw": [
          { name: "hyperliquidChain", type: "string" },
          { name: "destination", type: "string" },
          { name: "amount", type: "string" },
          { name: "time", type: "uint64" },
        ],
      },
      primaryType: "HyperliquidTransaction:Withdraw",
      message,
    },
    action: { type: "withdraw3", signatureChainId: `0x${chainId.toString(16)}`, ...message },
    nonce,
  };
}

/** The USDC permit (Arbitrum) a deposit starts with. */
function depositPermit(body: Json) {
  const raw = Math.round(Number(body.amount) * 1e6);
  return {
    permit: {
      domain: {
        name: "USD Coin",
        version: "2",
        chainId: 42161,
        verifyingContract: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
      },
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: {
        owner: body.owner,
        spender: "0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7",
        value: String(raw),
        nonce: "0",
        deadline: "1780003600",
      },
    },
    amount_raw: raw,
    destination: body.owner,
  };
}

/** GOLD's book around its mark: ten levels a side, a 0.6 spread. */
function orderBook(asset: string) {
  const mark = Number(MARKETS.find((m) => m[0] === asset)?.[3] ?? 100);
  const tick = mark > 1000 ? 0.1 : mark > 10 ? 0.01 : 0.0001;
  const px = (n: number) => (Math.round(n / tick) * tick).toFixed(tick < 0.01 ? 4 : tick < 0.1 ? 2 : 1);
  const level = (i: number, dir: 1 | -1) => ({
    price: px(mark + dir * (3 + i * 3) * tick),
    size: ((i + 1) * 0.37 + 0.05).toFixed(2),
    orders: 1 + (i % 3),
  });
  const bids = Array.from({ length: 10 }, (_, i) => level(i, -1));
  const asks = Array.from({ length: 10 }, (_, i) => level(i, 1));
  return {
    asset,
    time_ms: 1_780_000_000_000,
    bids,
    asks,
    mid_price: px(mark),
    spread: (Number(asks[0]!.price) - Number(bids[0]!.price)).toFixed(tick < 0.01 ? 4 : 2),
  };
}

/** What /execute answers to an order besides a fill of the whole order. */
const EXECUTE: Record<Exclude<Scenario["execute"], "filled" | undefined>, Json> = {
  resting: {
    status: "ok",
    response: { type: "order", data: { statuses: [{ resting: { oid: 1000302 } }] } },
  },
  stranger: {
    status: "error",
    response: { error: "User or API Wallet 0x5e1f00000000000000000000000000000000beef does not exist." },
  },
};

/** A host's deposit sponsor in a story: relays at once (the fake API credited the deposit when it was asked). */
export const storySponsor = async (): Promise<{ txHash: `0x${string}` }> => ({
  txHash: `0x${"d0".repeat(32)}`,
});

/** `onRequest` hears every call (operation and body), for stories to check what was asked. */
export function fakeApi(scenario: Scenario = {}, onRequest?: (op: string, body: Json) => void): typeof fetch {
  // what the account has deposited in this story (a deposit is credited as soon as it is relayed)
  let deposited = 0;
  return async (input, init) => {
    const url = new URL(String(input), "http://story");
    const op = url.pathname.replace("/v2/perpetual_trading/", "");
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Json;
    onRequest?.(op, body);
    if (scenario.loading && init?.method !== "POST") return new Promise<Response>(() => {});
    const answer = (json: unknown, status = 200) =>
      new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
    if (scenario.unauthorized)
      return answer({ error: "unauthorized", message: "Invalid publishable key for this origin" }, 401);
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
      case "positions": {
        const a = activity(!!scenario.trading);
        const value = (Number(a.account_value) + deposited).toFixed(2);
        const free = (Number(a.withdrawable) + deposited).toFixed(2);
        return answer({ ...a, account_value: value, withdrawable: free });
      }
      case "order_book":
        return answer(orderBook(url.searchParams.get("asset")!));
      case "deposit":
        deposited += Number(body.amount);
        return answer(depositPermit(body));
      case "withdraw":
        return answer(withdrawAction(body));
      case "enable_unified_account":
        return answer({ mode: "unifiedAccount", typed_data: null, action: null, nonce: null });
      case "set_leverage":
        return answer({ leverage_ok: true, typed_data: null, action: null, nonce: null });
      case "market_order":
      case "limit_order": {
        const market = MARKETS.find((m) => m[0] === body.asset)!;
        const order = { a: market[1], b: body.side === "buy", p: body.price ?? market[3], s: body.size };
        const action = { type: "order", orders: [order], grouping: "na" };
        return answer({ typed_data: L1_TYPED_DATA, action, nonce: 1_780_000_000_000 });
      }
      case "position_tpsl":
        return answer({
          typed_data: L1_TYPED_DATA,
          action: { type: "order", grouping: "positionTpsl", orders: [] },
          nonce: 1_780_000_000_000,
        });
      case "cancel_order":
        return answer({
          typed_data: L1_TYPED_DATA,
          action: { type: "cancel", cancels: [{ a: 110008, o: body.order_id }] },
          nonce: 1_780_000_000_000,
        });
      case "execute": {
        const action = body.action as Json;
        if (action.type === "order" && action.grouping === "positionTpsl")
          return answer({
            status: "ok",
            response: { type: "order", data: { statuses: ["waitingForTrigger", "waitingForTrigger"] } },
          });
        if (action.type === "order") {
          const order = (action.orders as { a: number; s: string }[])[0]!;
          const market = MARKETS.find((m) => m[1] === order.a)!;
          // a fill of the whole order, at 4013.1 for GOLD and at the mark elsewhere
          const filled = {
            totalSz: order.s,
            avgPx: market[0] === "GOLD" ? "4013.1" : market[3],
            oid: 1000301,
          };
          return answer(
            scenario.execute === "filled" || !scenario.execute
              ? { status: "ok", response: { type: "order", data: { statuses: [{ filled }] } } }
              : EXECUTE[scenario.execute],
          );
        }
        if (action.type === "cancel")
          return answer({ status: "ok", response: { type: "cancel", data: { statuses: ["success"] } } });
        return answer({ status: "ok", response: { type: "default" } });
      }
      default:
        return new Response(JSON.stringify({ detail: "Not Found" }), { status: 404 });
    }
  };
}
