/**
 * devnet start [--dir D] [--port-base N] [--venue-network Mainnet|Testnet]
 *                                          run chains and twins in the foreground until Ctrl-C
 * devnet status [--dir D]                  what the address book lists, and what answers
 * devnet time advance <90|15m|1h|2d>       move every chain's clock forward (running devnet)
 * devnet reset [--dir D]                   delete chain and twin state (devnet must be stopped)
 * devnet send --account <i> | --role <r>   sign and send the UnsignedTransaction JSON on stdin (dev wallet)
 * devnet issuer <register|approve|status> <account>   the fund issuer's connect portal
 * devnet price <chain> <symbol> <usd>      move a price feed (the oracle Aave and Morpho read)
 * devnet liquidate <chain> <user>          the liquidator role liquidates an Aave position below health 1
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { type DevnetAddressBook, readDevnetAddressBook } from "./addressbook.ts";
import { advanceDevnetTime, devnetTime, parseDuration } from "./clock.ts";
import { issuerPortal } from "./commands/issuer.ts";
import { sendFromStdin } from "./commands/send.ts";
import { chainSpecByName, DEFAULT_PORT_BASE, MARKET_HISTORY } from "./config.ts";
import { startDevnet } from "./devnet.ts";
import { liquidateAaveAccount, setFeedPrice } from "./earn/liquidation.ts";
import { EARN_CHAINS } from "./earn/tokens.ts";
import type { ExtensionContext } from "./extensions/types.ts";
import { devnetPaths, findDevnetDir } from "./layout.ts";
import { devnetClients, rpcCall } from "./rpc.ts";
import { notifyTwinsOfTime } from "./twins/notify.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: "string" },
    "port-base": { type: "string" },
    "venue-network": { type: "string" },
    account: { type: "string" },
    role: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const paths = devnetPaths(values.dir ?? findDevnetDir());
const [command, ...rest] = positionals;

async function start(): Promise<void> {
  const portBase = values["port-base"] ? Number(values["port-base"]) : DEFAULT_PORT_BASE;
  if (!Number.isInteger(portBase) || portBase < 1 || portBase > 65_000)
    throw new Error("--port-base must be a port number");
  const started = performance.now();
  const venueNetwork = values["venue-network"];
  const devnet = await startDevnet({
    dir: paths.dir,
    portBase,
    log: (m) => console.log(`  ${m}`),
    marketHistory: MARKET_HISTORY,
    ...(venueNetwork ? { twinSettings: { venue: { network: venueNetwork } } } : {}),
  });
  console.log(`devnet up in ${Math.round(performance.now() - started)} ms — ${devnet.addressBookPath}`);
  for (const [name, chain] of Object.entries(devnet.chains))
    console.log(`  ${name.padEnd(17)} ${chain.rpcUrl}`);
  for (const [name, twin] of Object.entries(devnet.twins)) {
    const network = devnet.addressBook.twins[name]?.network;
    console.log(`  twin ${name.padEnd(12)} ${twin.url}${network ? ` (${network})` : ""}`);
  }
  console.log("Ctrl-C stops everything (state is kept; `devnet reset` clears it)");
  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(1); // second Ctrl-C: the exit handler still signals the children
    stopping = true;
    console.log("\nstopping…");
    await devnet.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

function requireBook(): DevnetAddressBook {
  const book = readDevnetAddressBook(paths.addressBook);
  if (!book) throw new Error(`no devnet at ${paths.dir} (no addressbook.json) — run \`devnet start\``);
  return book;
}

async function isUp(url: string): Promise<boolean> {
  return rpcCall(url, "eth_chainId", [], 5_000).then(
    () => true,
    () => false,
  );
}

async function status(): Promise<void> {
  const book = requireBook();
  console.log(`devnet ${paths.dir}`);
  for (const [name, chain] of Object.entries(book.chains)) {
    const up = await isUp(chain.rpcUrl);
    const detail = up
      ? `up, time ${new Date((await devnetTime(chain.rpcUrl)) * 1000).toISOString()}`
      : "down";
    console.log(`  ${name.padEnd(17)} ${chain.rpcUrl.padEnd(24)} ${detail}`);
  }
  for (const [name, twin] of Object.entries(book.twins)) {
    const up = await fetch(`${twin.url}/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    console.log(`  twin ${name.padEnd(12)} ${twin.url.padEnd(24)} ${up ? "up" : "down"}`);
  }
}

async function advance(amount: string | undefined): Promise<void> {
  if (!amount) throw new Error("usage: devnet time advance <seconds|15m|1h|2d>");
  const seconds = parseDuration(amount);
  const book = requireBook();
  const chains = Object.entries(book.chains);
  const results = await advanceDevnetTime(
    paths,
    chains.map(([, c]) => c.rpcUrl),
    seconds,
  );
  results.forEach((result, i) => {
    const [name] = chains[i]!;
    console.log(
      `  ${name.padEnd(17)} ${result.status === "fulfilled" ? `+${seconds}s` : "down — catches up when it starts"}`,
    );
  });
  await notifyTwinsOfTime(book.twins);
}

/** One running earn chain of the devnet, as the earn extensions see it. */
function earnChain(name: string | undefined): ExtensionContext {
  const book = requireBook();
  if (!name || !(EARN_CHAINS as readonly string[]).includes(name) || !book.chains[name])
    throw new Error(
      `name an earn chain of this devnet: ${EARN_CHAINS.filter((c) => book.chains[c]).join(", ")}`,
    );
  const spec = chainSpecByName(name);
  return { spec, clients: devnetClients(spec, book.chains[name]!.rpcUrl), log: () => {} };
}

async function price(): Promise<void> {
  const [chain, symbol, usd] = rest;
  if (!symbol || !usd || !/^\d+(\.\d{1,8})?$/.test(usd))
    throw new Error("usage: devnet price <chain> <symbol> <usd, up to 8 decimals>");
  const moved = await setFeedPrice(earnChain(chain), symbol, usd);
  console.log(JSON.stringify({ chain, ...moved }));
}

async function liquidate(): Promise<void> {
  const [chain, user] = rest;
  if (!user || !/^0x[0-9a-fA-F]{40}$/.test(user))
    throw new Error("usage: devnet liquidate <chain> <user address>");
  const done = await liquidateAaveAccount(earnChain(chain), user as `0x${string}`);
  console.log(JSON.stringify({ chain, user, ...done }));
}

async function reset(): Promise<void> {
  const book = readDevnetAddressBook(paths.addressBook);
  for (const chain of Object.values(book?.chains ?? {})) {
    if (await isUp(chain.rpcUrl))
      throw new Error(`the devnet is running (${chain.rpcUrl} answers); stop it first`);
  }
  for (const path of [
    paths.addressBook,
    paths.clock,
    `${paths.dir}/chains`,
    `${paths.dir}/twins`,
    `${paths.dir}/logs`,
  ]) {
    rmSync(path, { recursive: true, force: true });
  }
  console.log(`devnet state in ${paths.dir} deleted`);
}

const commands: Record<string, () => Promise<void>> = {
  start,
  status,
  reset,
  send: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    await sendFromStdin(requireBook(), values, Buffer.concat(chunks).toString("utf8"));
  },
  issuer: () => issuerPortal(requireBook(), rest[0], rest[1]),
  price,
  liquidate,
  time: () =>
    rest[0] === "advance" ? advance(rest[1]) : Promise.reject(new Error("usage: devnet time advance <d>")),
};

const run = command && !values.help ? commands[command] : undefined;
if (!run) {
  console.log(
    "usage: devnet <start|status|time advance <d>|reset|send --account <i>|issuer <action> <account>|price <chain> <symbol> <usd>|liquidate <chain> <user>> [--dir D] [--port-base N]",
  );
  process.exitCode = values.help ? 0 : 2;
} else {
  run().catch((error: unknown) => {
    console.error(`devnet: ${(error as Error).message}`);
    process.exit(1);
  });
}
