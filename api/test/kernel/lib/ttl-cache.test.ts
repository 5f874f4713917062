import { describe, expect, it } from "vitest";
import { TtlCache } from "../../../src/kernel/lib/ttl-cache.ts";

describe("TtlCache", () => {
  it("default: serves a value until it expires, then loads again", async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1_000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    now = 999;
    expect(await cache.get("k", load)).toBe(1);
    now = 1_000;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("behavior: concurrent misses share one load; a failure is not kept", async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1_000, 10);
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    expect(await Promise.all([cache.get("k", slow), cache.get("k", slow)])).toEqual([1, 1]);
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", async () => 7)).toBe(7);
  });

  it("parameters: maxEntries drops the oldest key", async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("c", async () => "c1");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
  });
});
