import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createHttpApp } from "../../../src/index.ts";
import { loadConfig } from "../../../src/kernel/config/env.ts";
import { DomainError, UpstreamError } from "../../../src/kernel/errors.ts";
import { EquityRelayAdapter } from "../../../src/v2/tokenized-assets/relay/adapter.ts";
import { call } from "../../fixtures.ts";

// The adapter maps the relay's answers onto the spec's errors; the relay here is a stub answering what a test names.
const PORT = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 5900;
let server: Server;
const seen: { path: string; auth?: string }[] = [];
const answers: Record<string, [number, unknown]> = {
  "/orders/v2.0/1/order/status/0xexpired": [
    410,
    { statusCode: 410, error: "Gone", description: "Quote expired: request a new quote" },
  ],
  "/orders/v2.0/1/order/status/0xclosed": [
    409,
    {
      statusCode: 409,
      error: "Conflict",
      description: "Market closed: orders are accepted during the NYSE regular session",
    },
  ],
  "/orders/v2.0/1/order/status/0xunknown": [
    404,
    { statusCode: 404, error: "Not Found", description: "Order not found" },
  ],
  "/orders/v2.0/1/order/status/0xbad": [
    400,
    { statusCode: 400, error: "Bad Request", description: "Bad signature" },
  ],
  "/orders/v2.0/1/order/status/0xdown": [503, { statusCode: 503, error: "Service Unavailable" }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", auth: req.headers.authorization });
    const [status, body] = answers[req.url ?? ""] ?? [404, {}];
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (url: string) =>
  new EquityRelayAdapter(
    loadConfig({
      COMPASS_DEVNET_DIR: "/nonexistent",
      LOG_LEVEL: "silent",
      COMPASS_EQUITY_RELAY_URL: url,
      COMPASS_EQUITY_RELAY_API_KEY: "relay-key",
    }),
  );

async function failure(hash: string, url = `http://127.0.0.1:${PORT}`) {
  try {
    await client(url).status(hash);
  } catch (error) {
    return error as DomainError | UpstreamError;
  }
  throw new Error("no error");
}

describe("equity relay adapter", () => {
  test("default: the relay's errors become the spec's, with its Bearer key", async () => {
    const expired = await failure("0xexpired");
    expect(expired).toBeInstanceOf(DomainError);
    expect([expired.status, (expired as DomainError).label]).toEqual([410, "Quote expired"]);
    const closed = (await failure("0xclosed")) as DomainError;
    expect([closed.status, closed.label]).toEqual([409, "Market closed"]);
    const unknown = (await failure("0xunknown")) as DomainError;
    expect([unknown.status, unknown.label]).toEqual([404, "Order not found"]);
    const bad = (await failure("0xbad")) as DomainError;
    expect([bad.status, bad.label]).toEqual([422, "Order rejected"]);
    expect(bad.message).toMatch(/Bad signature/);
    expect(seen.every((s) => s.auth === "Bearer relay-key")).toBe(true);
  });

  test("behavior: a relay that fails or cannot be reached is a 502", async () => {
    expect((await failure("0xdown")).status).toBe(502);
    // nothing listens on port 9 (discard)
    const unreachable = await failure("0xanything", "http://127.0.0.1:9");
    expect(unreachable).toBeInstanceOf(UpstreamError);
    expect(unreachable.status).toBe(502);
  });

  test("behavior: through HTTP, an unreachable relay is a 502 in the domain envelope", async () => {
    const app = createHttpApp({
      config: loadConfig({
        COMPASS_DEVNET_DIR: "/nonexistent",
        LOG_LEVEL: "silent",
        COMPASS_EQUITY_RELAY_URL: "http://127.0.0.1:9",
      }),
    });
    const res = await call(app, "GET", `/v2/tokenized_assets/order/0x${"ab".repeat(32)}`);
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ error: "Order relay unavailable" });
  });
});
