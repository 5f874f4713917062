/**
 * The devnet's ERC-4337 bundler: `node --import tsx devnet/src/twins/pimlico-alto/main.ts`, started by the devnet
 * launcher (COMPASS_TWIN_* environment). It runs Pimlico's Alto — a real, open-source bundler from npm — once per
 * chain (Alto serves one chain per process), each with the EntryPoints v0.8 and v0.7, the `bundler` role's key as
 * its executor and safe mode off (anvil has no tracer for the ERC-7562 validation rules), and forwards
 * `POST /<chain>` to that chain's Alto. It answers GET /health only once every Alto answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { readAddressBook, readTwinConfig, serveTwin } from "../kit/index.ts";

const ENTRY_POINTS = [
  "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108",
  "0x0000000071727De22E5E9d8BAf0edAc6f37da032",
];
const CHAINS = ["ethereum", "arbitrum", "base"] as const;

const config = readTwinConfig();
const book = readAddressBook(config);
const key = book.roles.bundler.privateKey;
const require = createRequire(import.meta.url);
// its package exports only its library entry (esm/index.js); the CLI sits beside it
const alto = join(dirname(require.resolve("@pimlico/alto")), "cli/alto.js");
/**
 * Preloaded into each Alto process: Alto's server listens on 0.0.0.0 with no option to change it, and the devnet
 * binds loopback only. Any listen without a host, or on every interface, goes to 127.0.0.1.
 */
const LOOPBACK_ONLY = `data:text/javascript,${encodeURIComponent(`
import net from "node:net";
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (first && typeof first === "object" && [undefined, "0.0.0.0", "::"].includes(first.host))
    args[0] = { ...first, host: "127.0.0.1" };
  return listen.apply(this, args);
};`)}`;

const children: ChildProcess[] = [];
const upstream = new Map<string, string>();
for (const [i, chain] of CHAINS.entries()) {
  const rpcUrl = book.chains[chain]?.rpcUrl;
  if (!rpcUrl) continue;
  const port = config.port + 1 + i;
  const child = spawn(
    process.execPath,
    [
      `--import=${LOOPBACK_ONLY}`,
      alto,
      `--entrypoints=${ENTRY_POINTS.join(",")}`,
      `--executor-private-keys=${key}`,
      `--utility-private-key=${key}`,
      `--rpc-url=${rpcUrl}`,
      `--port=${port}`,
      "--safe-mode=false",
      "--utility-wallet-monitor=false",
      "--refilling-wallets=false",
      "--log-level=warn",
      // blocks come when a transaction does (automine): Alto watches for them every block-time/4, 500 ms, not 250
      "--block-time=2000",
      // Alto's default adds nothing to the callGasLimit its simulation finds, and that figure varies by a few
      // thousand gas between identical user operations: a Safe's wrap, swap and deposit needed ~268,000 and was
      // given 265,346 one time in two (out of gas in the last call). Operators of a bundler pad it; so does this one.
      "--v7-call-gas-limit-multiplier=115",
    ],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_OPTIONS: "" } },
  );
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`alto for ${chain} exited (${signal ?? code})`);
      process.exit(1);
    }
  });
  children.push(child);
  upstream.set(chain, `http://127.0.0.1:${port}`);
}

let stopping = false;
const stopChildren = () => {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
};
process.on("exit", stopChildren);

/** Resolves once the Alto at `url` answers eth_supportedEntryPoints. */
async function ready(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const r = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }),
      });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no bundler at ${url} after its start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const deadline = Date.now() + 110_000;
await Promise.all([...upstream.values()].map((url) => ready(url, deadline)));

await serveTwin(
  config,
  async (req, res) => {
    const chain = new URL(req.url ?? "/", "http://bundler").pathname.replace(/^\/+|\/+$/g, "");
    const target = upstream.get(chain);
    if (req.method !== "POST" || !target) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: `POST /<chain> with chain one of ${[...upstream.keys()].join(", ")}` }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  },
  { health: () => ({ chains: [...upstream.keys()] }), onShutdown: stopChildren },
);
