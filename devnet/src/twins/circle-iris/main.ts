/**
 * Circle's CCTP attestation service (Iris, API v2) for the devnet: `node --import tsx devnet/src/twins/circle-iris/main.ts`.
 * `GET /v2/messages/{sourceDomain}?transactionHash=|nonce=` reads the burn's MessageSent events from the source
 * chain, assigns each a nonce, and answers `pending_confirmations` until the transfer's time has come on devnet
 * time (fast: the source's confirmations; standard: Ethereum finality), then `complete` with the message (nonce,
 * executed finality and fee filled in) signed by the devnet's attester. `GET /v2/burn/USDC/fees/{src}/{dst}`
 * gives the fees. Like Iris it needs no key, refuses unknown parameters and domains (400), and answers 404 when
 * a transaction has no message. State (assigned nonces) persists.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Hex, isHex } from "viem";
import {
  devnetClock,
  loadState,
  readAddressBook,
  readTwinConfig,
  saveState,
  sendJson,
  serveTwin,
} from "../kit/index.ts";
import { Attestations, FAST_FEE_BPS, type Held, knownDomain } from "./attestations.ts";

const config = readTwinConfig();
const book = readAddressBook(config);
const held = loadState<Record<string, Held>>(config, {});
const save = () => saveState(config, held);
const wallClock = devnetClock(config.devnetDir);
const attestations = new Attestations(book, async () => wallClock(), held, save);

const fail = (res: ServerResponse, status: number, message: string) =>
  sendJson(res, status, { code: status, message });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://iris");
  const path = url.pathname;
  if (req.method === "POST" && path === "/_twin/tick") {
    if (config.apiKey && req.headers["x-api-key"] !== config.apiKey)
      return fail(res, 401, "missing or invalid x-api-key");
    return sendJson(res, 200, {});
  }
  if (req.method !== "GET") return fail(res, 405, "Method not allowed");
  const messages = /^\/v2\/messages\/(\d+)$/.exec(path);
  if (messages) {
    const domain = Number(messages[1]);
    if (!knownDomain(domain)) return fail(res, 400, `Invalid source domain: ${messages[1]}`);
    const params = [...url.searchParams.keys()];
    const unknown = params.filter((p) => p !== "transactionHash" && p !== "nonce");
    if (unknown.length) return fail(res, 400, `Unknown query parameter: ${unknown[0]}`);
    const hash = url.searchParams.get("transactionHash");
    const nonce = url.searchParams.get("nonce");
    if (!hash === !nonce) return fail(res, 400, "Exactly one of transactionHash or nonce is required");
    const value = (hash ?? nonce)!;
    if (!isHex(value) || value.length !== 66)
      return fail(res, 400, `Invalid ${hash ? "transactionHash" : "nonce"}`);
    const found = hash
      ? await attestations.byTransaction(domain, value.toLowerCase() as Hex)
      : await attestations.byNonce(domain, value as Hex);
    if (!found.length) return fail(res, 404, "Message not found");
    return sendJson(res, 200, { messages: found });
  }
  const fees = /^\/v2\/burn\/USDC\/fees\/(\d+)\/(\d+)$/.exec(path);
  if (fees) {
    const [src, dst] = [Number(fees[1]), Number(fees[2])];
    if (!knownDomain(src) || !knownDomain(dst) || src === dst)
      return fail(res, 400, "Invalid source or destination domain");
    if ([...url.searchParams.keys()].length) return fail(res, 400, "Unknown query parameter");
    return sendJson(res, 200, [
      { finalityThreshold: 1000, minimumFee: FAST_FEE_BPS[src] },
      { finalityThreshold: 2000, minimumFee: 0 },
    ]);
  }
  return fail(res, 404, `no route for GET ${path}`);
}

await serveTwin(config, handle, { onShutdown: save });
