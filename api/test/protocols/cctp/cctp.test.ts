import { getAddress } from "viem";
import { describe, expect, test } from "vitest";
import { DomainError } from "../../../src/kernel/errors.ts";
import {
  decodeBridgeId,
  encodeBridgeId,
  estimatedSeconds,
  feeOf,
} from "../../../src/protocols/cctp/index.ts";

describe("CCTP domain", () => {
  test("a bridge id carries its route and is unique per burn", () => {
    const recipient = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    const route = { source: "arbitrum", destination: "base", mode: "fast", recipient } as const;
    const a = encodeBridgeId(route);
    expect(a).toMatch(/^br_[0-9a-f]{58}$/);
    expect(decodeBridgeId(a)).toEqual(route);
    expect(encodeBridgeId(route)).not.toBe(a);
  });

  test.each(["", "br_", "br_zz", "xx_030601", `br_${"00".repeat(29)}`, `br_0709${"00".repeat(27)}`])(
    "%j is a 404 naming bridge_id",
    (id) => {
      const error = (() => {
        try {
          decodeBridgeId(id);
        } catch (e) {
          return e;
        }
      })() as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      expect(error.status).toBe(404);
      expect(error.message).toMatch(/^bridge_id: /);
    },
  );

  test("Circle's fractional basis points, rounded up to the USDC unit", () => {
    expect(feeOf(1_000_000_000n, 1)).toBe(100_000n); // 1 bp of 1000 USDC = 0.1
    expect(feeOf(20_000_000n, 1.3)).toBe(2_600n); // 1.3 bp of 20 USDC
    expect(feeOf(1n, 1)).toBe(1n); // never zero for a nonzero amount
    expect(feeOf(0n, 1.3)).toBe(0n);
  });

  test("estimated times: fast by source, standard after finality", () => {
    expect(estimatedSeconds("ethereum", "fast")).toBe(20);
    expect(estimatedSeconds("base", "fast")).toBe(8);
    expect(estimatedSeconds("arbitrum", "standard")).toBe(1020);
  });
});
