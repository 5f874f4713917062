import { readFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "@compass/cli";
import { CompassClient } from "@compass/sdk";
import { groups, manifest } from "@compass/sdk/manifest";
import { describe, expect, test } from "vitest";

const OLD = /global_markets|globalMarkets|global-markets|TraditionalInvesting/i;
const root = join(import.meta.dirname, "../..");

/** The rename of 2026-07-29 holds on every surface, with no alias kept (spec §12). */
describe("perpetual_trading naming on every surface", () => {
  test("default: the spec's fifteen operations and our additions, operationIds and MCP names v2_perpetual_trading_*", () => {
    const ops = manifest.filter((o) => o.group === "perpetual_trading");
    // the spec's fifteen, then Compass's order_book and position_tpsl
    expect(ops).toHaveLength(17);
    expect(
      ops.every((o) => o.operationId.startsWith("v2_perpetual_trading_") && o.mcpName === o.operationId),
    ).toBe(true);
    expect(JSON.stringify({ groups, manifest })).not.toMatch(OLD);
  });

  test("default: TS namespace perpetualTrading with the spec's short names", () => {
    const client = new CompassClient({ serverURL: "http://127.0.0.1:9" }) as any;
    expect(client.globalMarketsPerps).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(client.perpetualTrading)).sort()).toEqual(
      [
        "activity",
        "approveBuilderFee",
        "cancelOrder",
        "candles",
        "constructor",
        "deposit",
        "depositSponsorPrepare",
        "enableUnifiedAccount",
        "ensureLeverage",
        "execute",
        "limitOrder",
        "marketOrder",
        "opportunities",
        "orderBook",
        "positionTpsl",
        "positions",
        "setLeverage",
        "withdraw",
      ].sort(),
    );
  });

  test("default: Python namespace perpetual_trading", () => {
    const py = readFileSync(join(root, "python/compass_api/_generated.py"), "utf8");
    expect(py).toContain("perpetual_trading: PerpetualTradingNamespace");
    expect(py).toContain("self.perpetual_trading = PerpetualTradingNamespace(transport, OPERATIONS)");
    expect(py).toContain("def deposit_sponsor_prepare(self");
    expect(py).not.toMatch(OLD);
  });

  test("default: CLI group perpetual-trading, alias pt, with the spec's command aliases; the old group is unknown", async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t), env: {} };
    expect(await run(["pt", "--help"], io)).toBe(0);
    const help = out.join("");
    for (const command of [
      "market-order",
      "limit-order",
      "cancel-order",
      "deposit-sponsor-prepare",
      "set-leverage",
    ])
      expect(help).toContain(command);
    for (const alias of ["mo", "lo", "co", "abf", "eua", "el", "sl", "dsp"])
      expect(help).toMatch(new RegExp(`\\b${alias}\\b`));
    out.length = 0;
    expect(await run(["global-markets-perps", "market-order"], io)).toBe(1);
    expect(out.join("")).toMatch(/Unknown group 'global-markets-perps'/);
  });
});
