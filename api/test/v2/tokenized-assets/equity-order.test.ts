import { LIMIT_ORDER_PROTOCOL_DOMAIN } from "@compass/constants";
import { type Address, hashTypedData, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import {
  auctionRangeBps,
  buildLimitOrder,
  minimumTaking,
  ORDER_TTL_SECONDS,
  orderExpiration,
  orderHash,
  recommendedSlippageBps,
  safeMessageTypedData,
} from "../../../src/v2/tokenized-assets/domain/equity/limit-order.ts";
import { foldStatus } from "../../../src/v2/tokenized-assets/domain/equity/manage.ts";

const protocol = "0x1111111111111111111111111111111111111111" as Address;
const account = "0x2222222222222222222222222222222222222222" as Address;
const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" as Address;
const tsla = "0x3333333333333333333333333333333333333333" as Address;

describe("equity limit orders", () => {
  it("default: the slippage bounds the taking amount below the auction's start", () => {
    expect(minimumTaking(10_000n, 50)).toBe(9_950n);
    expect(minimumTaking(parseUnits("4", 18), 150)).toBe(parseUnits("3.94", 18));
  });

  it("parameters: the auction range rounds up, the recommendation adds 50 bps and stops at 5000", () => {
    expect(auctionRangeBps(10_000n, 9_900n)).toBe(100);
    expect(auctionRangeBps(3n, 2n)).toBe(3334);
    expect(auctionRangeBps(10n, 10n)).toBe(0);
    expect(recommendedSlippageBps(100)).toBe(150);
    expect(recommendedSlippageBps(4_990)).toBe(5_000);
  });

  it("behavior: the order is the account's, fillable in parts until it expires, hashed under the protocol's EIP-712 domain", () => {
    const now = 1_760_000_000;
    const built = buildLimitOrder(
      {
        maker: account,
        makerAsset: usdc,
        takerAsset: tsla,
        makingAmount: 1_000_000_000n,
        auctionStartAmount: parseUnits("4", 18),
        slippageBps: 150,
        now,
      },
      1,
      protocol,
    );
    expect(built.struct.maker.toLowerCase()).toBe(account.toLowerCase());
    expect(built.struct.makingAmount).toBe("1000000000");
    expect(built.struct.takingAmount).toBe(parseUnits("3.94", 18).toString());
    expect(built.extension).toBe("0x");
    expect(orderExpiration(built.struct.makerTraits)).toBe(now + ORDER_TTL_SECONDS);
    const traits = BigInt(built.struct.makerTraits);
    expect(traits >> 255n).toBe(0n); // partial fills allowed (NO_PARTIAL_FILLS clear)
    expect((traits >> 254n) & 1n).toBe(1n); // multiple fills allowed
    // the same hash viem computes for the Order struct under the standalone contract's domain
    const order = Object.fromEntries(
      Object.entries(built.struct).map(([k, v]) => [
        k,
        k === "maker" || k.endsWith("Asset") || k === "receiver" ? v : BigInt(v),
      ]),
    );
    expect(built.hash).toBe(
      hashTypedData({
        domain: { ...LIMIT_ORDER_PROTOCOL_DOMAIN, chainId: 1, verifyingContract: protocol },
        types: {
          Order: [
            { name: "salt", type: "uint256" },
            { name: "maker", type: "address" },
            { name: "receiver", type: "address" },
            { name: "makerAsset", type: "address" },
            { name: "takerAsset", type: "address" },
            { name: "makingAmount", type: "uint256" },
            { name: "takingAmount", type: "uint256" },
            { name: "makerTraits", type: "uint256" },
          ],
        },
        primaryType: "Order",
        message: order as never,
      }),
    );
    expect(orderHash(built.struct, 1, protocol)).toBe(built.hash);
  });

  it("behavior: the owner signs a SafeMessage over the hash, chain and account in the domain", () => {
    const hash = `0x${"ab".repeat(32)}` as const;
    const typed = safeMessageTypedData(account, 1, hash);
    expect(typed).toEqual({
      domain: { chainId: 1, verifyingContract: account },
      types: {
        EIP712Domain: [
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        SafeMessage: [{ name: "message", type: "bytes" }],
      },
      primaryType: "SafeMessage",
      message: { message: hash },
    });
  });

  it("parameters: the relay's states fold into the spec's four", () => {
    expect(foldStatus("partially-filled")).toBe("pending");
    expect(foldStatus("pending")).toBe("pending");
    expect(foldStatus("filled")).toBe("filled");
    expect(foldStatus("expired")).toBe("expired");
    expect(foldStatus("cancelled")).toBe("cancelled");
  });
});
