/**
 * The tokenized-equity order relay twin: `node --import tsx devnet/src/twins/fusion-relay/main.ts`, started by
 * the devnet launcher. Ondo Global Markets publishes no order-relay interface (its public API is mint/redeem
 * attestations), so the relay speaks the shape of 1inch's intent relay (Fusion's quoter, relayer and orders
 * APIs) over 1inch Limit Order Protocol v4 orders — the order flow the tokenized-assets spec describes:
 *
 *   GET  /quoter/v2.0/1/quote/receive?fromTokenAddress&toTokenAddress&amount&walletAddress
 *   POST /relayer/v2.0/1/order/submit      {order, signature, quoteId, extension} → 201, empty body
 *   GET  /orders/v2.0/1/order/status/{orderHash}
 *   GET  /price/v1.1/1/{addresses}?currency=USD          spot prices (1inch Spot Price API shape)
 *   GET  /charts/v1.0/chart/line/{token}/{usdc}/{period}/1   {data: [{time, value}]}, 24H|1W|1M|1Y|AllTime
 *   GET  /charts/v1.0/chart/aggregated/candle/{token}/{usdc}/{seconds}/1?from&to   {data: [{time, open, high, low, close}]}
 *
 * Bearer key; errors `{statusCode, error, description}`: 400 bad request (unknown parameter, bad signature),
 * 404 unknown quote or order, 409 market closed or quote used, 410 quote expired. `POST /_twin/tick` (Bearer)
 * runs a fill pass now (the devnet calls it after `time advance`); a loop does so every second. State persists.
 */
import { STATUS_CODES } from "node:http";
import {
  HttpError,
  loadState,
  readAddressBook,
  readJsonBody,
  readTwinConfig,
  saveState,
  sendJson,
  serveAbsent,
  serveActing,
} from "../kit/index.ts";
import { CHAIN_ID, EquityRelay, RelayError, type RelayState } from "./relay.ts";

const POLL_MS = Number(process.env.EQUITY_RELAY_POLL_MS ?? 1000);

const config = readTwinConfig();
const book = readAddressBook(config);

if (!book.chains.ethereum?.contracts.LimitOrderProtocol) {
  await serveAbsent(config, "the equities' chain (ethereum) is not part of this devnet");
} else {
  const state = loadState<RelayState>(config, { quotes: {}, orders: {} });
  const save = () => saveState(config, state);
  const relay = new EquityRelay(book, config.devnetDir, state, save);
  const prefix = (api: string) => `/${api}/v2.0/${CHAIN_ID}`;
  await serveActing(
    config,
    async (req, res) => {
      const url = new URL(req.url ?? "/", "http://relay");
      const path = url.pathname;
      try {
        const auth = req.headers.authorization;
        // the devnet's clock calls /_twin/tick with x-api-key, as it does every twin
        const twinKey = path.startsWith("/_twin/") && req.headers["x-api-key"] === config.apiKey;
        if (config.apiKey && auth !== `Bearer ${config.apiKey}` && !twinKey)
          throw new RelayError(
            401,
            auth ? "Invalid API key" : "Missing Authorization header: Bearer <API key>",
          );
        if (req.method === "POST" && path === "/_twin/tick") {
          await relay.tick();
          return sendJson(res, 200, { orders: Object.keys(state.orders).length });
        }
        if (req.method === "GET" && path === "/_twin/state") return sendJson(res, 200, state);
        if (req.method === "GET" && path === `${prefix("quoter")}/quote/receive`) {
          const quote = await relay.quote(url.searchParams);
          return sendJson(res, 200, {
            quoteId: quote.quoteId,
            fromTokenAmount: quote.fromAmount,
            toTokenAmount: quote.auctionStartAmount,
            presets: {
              fast: {
                auctionDuration: 180,
                startAuctionIn: 0,
                auctionStartAmount: quote.auctionStartAmount,
                auctionEndAmount: quote.auctionEndAmount,
                partialFillAllowed: true,
              },
            },
            recommended_preset: "fast",
            settlementAddress: relay.lop,
            quoteExpiresAt: quote.expiresAt,
            prices: { usd: quote.prices },
          });
        }
        if (req.method === "POST" && path === `${prefix("relayer")}/order/submit`) {
          await relay.submit(await readJsonBody(req));
          res.writeHead(201).end();
          return;
        }
        const spot = new RegExp(`^/price/v1\\.1/${CHAIN_ID}/([^/]+)$`).exec(path);
        if (req.method === "GET" && spot)
          return sendJson(res, 200, await relay.spotPrices(decodeURIComponent(spot[1]!), url.searchParams));
        const line = new RegExp(
          `^/charts/v1\\.0/chart/line/(0x[0-9a-fA-F]{40})/(0x[0-9a-fA-F]{40})/([A-Za-z0-9]+)/${CHAIN_ID}$`,
        ).exec(path);
        if (req.method === "GET" && line) {
          if (line[2]!.toLowerCase() !== relay.usdc.toLowerCase())
            throw new RelayError(400, "charts are quoted in USDC");
          return sendJson(res, 200, { data: await relay.chart(line[1]!, line[3]!) });
        }
        const candle = new RegExp(
          `^/charts/v1\\.0/chart/aggregated/candle/(0x[0-9a-fA-F]{40})/(0x[0-9a-fA-F]{40})/([0-9]+)/${CHAIN_ID}$`,
        ).exec(path);
        if (req.method === "GET" && candle) {
          if (candle[2]!.toLowerCase() !== relay.usdc.toLowerCase())
            throw new RelayError(400, "charts are quoted in USDC");
          return sendJson(res, 200, {
            data: await relay.candles(candle[1]!, Number(candle[3]), url.searchParams),
          });
        }
        const status = new RegExp(`^${prefix("orders")}/order/status/(0x[0-9a-fA-F]{64})$`).exec(path);
        if (req.method === "GET" && status) {
          const order = relay.order(status[1]!.toLowerCase());
          return sendJson(res, 200, relay.view(order, await relay.now()));
        }
        throw new RelayError(404, `Cannot ${req.method} ${path}`);
      } catch (error) {
        if (error instanceof RelayError)
          return sendJson(res, error.status, {
            statusCode: error.status,
            error: STATUS_CODES[error.status] ?? "Error",
            description: error.description,
          });
        if (error instanceof HttpError) throw error;
        throw error;
      }
    },
    { tick: () => relay.tick(), pollMs: POLL_MS, save },
  );
}
