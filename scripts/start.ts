/**
 * `npm start`: build what is missing, start the devnet (chains + twins), the on-ramp settlement worker and the
 * app on PORT (3000),
 * print every URL, stop everything on Ctrl-C. Offline.
 */

import { join } from "node:path";
import { MARKET_HISTORY } from "@compass/devnet";
import { startStack } from "@compass/testkit";
import { buildAll } from "./build.ts";

const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const dir = process.env.COMPASS_DEVNET_DIR ?? join(import.meta.dirname, "../.devnet");
const quiet = (line: string) => {
  if (/"level":(40|50|60)/.test(line) || /error/i.test(line)) console.error(line);
};

await buildAll({ log: (m: string) => console.log(m) });
const stack = await startStack({
  dir,
  portBase: Number(process.env.COMPASS_DEVNET_PORT_BASE ?? 8545),
  marketHistory: MARKET_HISTORY,
  servers: [
    {
      name: "app",
      port,
      env: { COMPASS_ENV: process.env.COMPASS_ENV ?? "staging", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    },
  ],
  log: quiet,
});
const app = stack.servers.app!.url;
const book = stack.devnet;
console.log(`
Compass is running (${((Date.now() - started) / 1000).toFixed(1)} s, ${process.env.COMPASS_ENV ?? "staging"}):

  App              ${app}
  API reference    ${app}/docs
  OpenAPI          ${app}/v2/openapi.json
  On-ramp checkout ${app}/onramp/checkout?chain=ethereum&asset=USDC&destination=<address>
  Perp trading     ${app}/perpetual-trading
  MCP (HTTP)       ${app}/mcp
${Object.entries(book.chains)
  .map(([name, c]) => `  chain ${name.padEnd(17)} ${c.rpcUrl}  (chain id ${c.chainId})`)
  .join("\n")}
${Object.entries(book.twins ?? {})
  .map(([name, t]) => `  twin ${name.padEnd(18)} ${(t as { url: string }).url}`)
  .join("\n")}
  Settlement worker ${stack.settlement ? `running (pid ${stack.settlement.child.pid}), forwarding paid one-time wallets` : "not started (no Ethereum or on-ramp twin)"}
  Address book     ${book.addressBookPath}

Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping…");
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
