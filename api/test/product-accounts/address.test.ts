import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { decodeFunctionData, getAddress, isAddressEqual } from "viem";
import { describe, expect, test } from "vitest";
import { createAccountCall, productAccountAddress } from "../../src/product-accounts/domain/address.ts";
import { encodeMultiSend } from "../../src/product-accounts/domain/multisend.ts";
import { SAFE, safeProxyFactoryAbi } from "../../src/product-accounts/domain/safe.ts";
import { SAFE_PROXY_CREATION_CODE } from "../../src/product-accounts/domain/safe-proxy-code.ts";
import {
  prevalidatedSignature,
  safeTxFor,
  safeTxTypedData,
} from "../../src/product-accounts/domain/safe-tx.ts";

const owner = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");

describe("product account address", () => {
  test("default: the embedded proxy creation code is the official SafeProxy v1.4.1 artifact", () => {
    // The official artifacts are a devnet dependency (the API embeds only the creation code).
    const require = createRequire(new URL("../../../devnet/package.json", import.meta.url));
    const pkg = require.resolve("@safe-global/safe-contracts/package.json");
    const artifact = JSON.parse(
      readFileSync(
        pkg.replace("package.json", "build/artifacts/contracts/proxies/SafeProxy.sol/SafeProxy.json"),
        "utf8",
      ),
    );
    expect(SAFE_PROXY_CREATION_CODE).toBe(artifact.bytecode);
  });

  test("parameters: one address per (owner, product), independent of case", () => {
    const tokenized = productAccountAddress(owner, "tokenized_assets");
    expect(productAccountAddress(owner.toLowerCase() as `0x${string}`, "tokenized_assets")).toBe(tokenized);
    expect(productAccountAddress(owner, "earn")).not.toBe(tokenized);
    expect(
      productAccountAddress(getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"), "tokenized_assets"),
    ).not.toBe(tokenized);
  });

  test("behavior: the creation call deploys the canonical SafeL2 with the product's salt", () => {
    const call = createAccountCall(owner, "tokenized_assets");
    expect(call.to).toBe(SAFE.proxyFactory);
    const { functionName, args } = decodeFunctionData({ abi: safeProxyFactoryAbi, data: call.data });
    expect(functionName).toBe("createProxyWithNonce");
    expect(isAddressEqual(args[0], SAFE.singleton)).toBe(true);
  });
});

describe("Safe transactions", () => {
  const call = { to: SAFE.multiSendCallOnly, data: "0x1234" as const };

  test("default: one call is a plain call, several go through MultiSendCallOnly by delegatecall", () => {
    expect(safeTxFor([call], 3n)).toMatchObject({ to: call.to, operation: 0, nonce: 3n, data: "0x1234" });
    const batch = safeTxFor([call, call], 0n);
    expect(batch).toMatchObject({ to: SAFE.multiSendCallOnly, operation: 1 });
    expect(batch.data).toBe(encodeMultiSend([call, call]));
  });

  test("behavior: the typed data follows the spec layout (numbers as strings except operation)", () => {
    const typed = safeTxTypedData(owner, 8453, safeTxFor([call], 7n));
    expect(typed.domain).toEqual({ chainId: 8453, verifyingContract: owner });
    expect(typed.primaryType).toBe("SafeTx");
    expect(typed.message).toMatchObject({ value: "0", operation: 0, nonce: "7", safeTxGas: "0" });
  });

  test("behavior: the pre-validated signature is r = owner, s = 0, v = 1", () => {
    const sig = prevalidatedSignature(owner);
    expect(sig).toHaveLength(132);
    expect(sig.slice(26, 66)).toBe(owner.slice(2).toLowerCase());
    expect(sig.slice(66, 130)).toBe("0".repeat(64));
    expect(sig.slice(130)).toBe("01");
  });
});
