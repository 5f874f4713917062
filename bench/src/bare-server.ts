/**
 * The baseline: a bare node:http server calling the same core function (the operation's zod validation
 * and handler) with no framework. Run as a child process so it has its own event loop, like the others.
 */
import { createServer } from "node:http";
import { createLogger, createServices, loadConfig, operations, toValidationIssues } from "@compass/api";

const config = loadConfig();
const services = createServices(config);
const log = createLogger("silent");
const op = operations.find((o) => o.operationId === process.env.BENCH_OP)!;
let id = 0;

createServer(async (req, res) => {
  const url = new URL(req.url!, "http://x");
  const parsed = op.query!.safeParse(Object.fromEntries(url.searchParams));
  res.setHeader("content-type", "application/json");
  if (!parsed.success) {
    res.writeHead(422).end(JSON.stringify({ detail: toValidationIssues("query", parsed.error) }));
    return;
  }
  const out = await op.handler({ query: parsed.data } as never, {
    config,
    services,
    log,
    requestId: String(++id),
    signal: new AbortController().signal,
    headers: new Headers(),
  });
  res.writeHead(200).end(JSON.stringify(out));
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
