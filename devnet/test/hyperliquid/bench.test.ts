import { describe, expect, it } from "vitest";
import { matchThroughput } from "../../src/twins/hyperliquid/bench.ts";

describe("matching throughput", () => {
  it("matches thousands of orders per second (engine only)", () => {
    const result = matchThroughput(20_000);
    console.log(
      `venue matching: ${result.ordersPerSecond} orders/s (${result.orders} orders, ${result.fills} fills, ${result.seconds.toFixed(2)} s)`,
    );
    expect(result.fills).toBeGreaterThan(1_000);
    expect(result.ordersPerSecond).toBeGreaterThan(2_000);
  });
});
