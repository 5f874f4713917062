import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as constants from "@compass/constants";
import { type AbiEvent, parseAbiItem, toEventSelector } from "viem";
import { describe, expect, it } from "vitest";
import { INDEXED_EVENTS } from "../src/events.ts";

/**
 * Every event the API reads with eth_getLogs must be in the index, or its reads would miss logs once they come
 * from the index. The API's sources are scanned as text (the indexer depends on no API code): in every file that
 * reads logs (calls `getLogs(`, `factoryLogs`, `createdByFactories`) and every protocol's `events.ts`/`abi.ts`,
 *  - each `"event …"` signature (parseAbiItem, parseAbi);
 *  - each event of an ABI imported from @compass/constants that the file names in a string literal
 *    (`find(… name === "CreateNewMarket")`, `["DepositRequest", …]`) or takes by position (`ABI[1]`).
 * An event is covered when the index decodes its form: the same topic0 with as many indexed inputs.
 */
const API_SRC = join(dirname(fileURLToPath(import.meta.url)), "../../api/src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const READS = /\.getLogs\(|\bfactoryLogs\b|\bcreatedByFactories\(/;
const isEventFile = (path: string) => /\/protocols\/[^/]+\/(events|abi)\.ts$/.test(path);

const abiEvents = (abi: readonly unknown[]): AbiEvent[] =>
  (abi as { type?: string }[]).filter((item): item is AbiEvent => item?.type === "event");

/** ABIs the file imports from @compass/constants, by local name. */
function constantsAbis(text: string): Map<string, readonly unknown[]> {
  const out = new Map<string, readonly unknown[]>();
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@compass\/constants"/g))
    for (const part of m[1]!.split(",")) {
      const [imported, local] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/);
      const value = (constants as Record<string, unknown>)[imported!];
      if (Array.isArray(value) && abiEvents(value).length) out.set((local ?? imported)!, value);
    }
  return out;
}

interface Found {
  file: string;
  event: AbiEvent;
}

function eventsRead(): Found[] {
  const found: Found[] = [];
  for (const path of files(API_SRC)) {
    if (path.endsWith("/kernel/chain/log-reader.ts")) continue;
    const text = readFileSync(path, "utf8");
    if (!READS.test(text) && !isEventFile(path)) continue;
    const file = relative(API_SRC, path);
    for (const m of text.matchAll(/"(event [^"]+)"/g))
      found.push({ file, event: parseAbiItem(m[1]!) as AbiEvent });
    const abis = constantsAbis(text);
    const literals = new Set([...text.matchAll(/"([A-Za-z_]\w*)"/g)].map((m) => m[1]!));
    for (const [local, abi] of abis) {
      for (const e of abiEvents(abi)) if (literals.has(e.name)) found.push({ file, event: e });
      for (const m of text.matchAll(new RegExp(`\\b${local}\\[(\\d+)\\]`, "g"))) {
        const item = abi[Number(m[1])] as AbiEvent | undefined;
        if (item?.type === "event") found.push({ file, event: item });
      }
    }
  }
  return found;
}

const form = (e: AbiEvent) =>
  `${toEventSelector(e)}/${e.inputs.filter((i) => (i as { indexed?: boolean }).indexed).length}`;

describe("the index holds every event the API reads", () => {
  const found = eventsRead();

  it("finds the API's event reads", () => {
    const names = new Set(found.map((f) => f.event.name));
    // a scan that finds nothing would pass anything: these are read today
    for (const name of [
      "Transfer",
      "Deposit",
      "Withdraw",
      "ReserveDataUpdated",
      "CreateMarket",
      "SupplyCollateral",
      "CreateMetaMorpho",
      "ProxyCreated",
      "CreateNewMarket",
      "NewInterestIndex",
      "SwapPtAndToken",
      "RedeemRequest",
      "ApproveRequest",
      "DepositClaimable",
      "RedeemFinalized",
      "Forwarded",
    ])
      expect(names, name).toContain(name);
    expect(found.length).toBeGreaterThan(30);
  });

  it("each is indexed in the form the API decodes", () => {
    const indexed = new Set(INDEXED_EVENTS.map((e) => form(e.event)));
    const missing = found
      .filter((f) => !indexed.has(form(f.event)))
      .map((f) => `${f.file}: ${f.event.name} (${form(f.event)})`);
    expect(missing, "add these to indexer/src/events.ts").toEqual([]);
  });

  it("the index's keys are unique Ponder contract names, one event each", () => {
    const keys = INDEXED_EVENTS.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z]\w*$/);
  });
});
