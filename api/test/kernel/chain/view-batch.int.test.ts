import { morphoBlueAbi } from "@compass/constants";
import { addressBook, testEnv } from "@compass/testkit/live";
import {
  type Address,
  createPublicClient,
  erc20Abi,
  erc4626Abi,
  type Hex,
  http,
  keccak256,
  parseAbi,
  stringToHex,
  zeroAddress,
} from "viem";
import { describe, expect, test } from "vitest";
import { readView } from "../../../src/kernel/chain/view-batch.ts";

/**
 * The bulk reader answers what viem's readContract answers, on the devnet's real contracts: every vault, token and
 * Morpho market of each chain, through the view lens (one-word reads: run by the node's EVM as creation code) and
 * aggregate3 (the rest), including the reads that fail — a MetaMorpho view asked of a plain vault (reverts), any view
 * asked of an address without code (no data). Values, and which reads fail how, are equal read for read.
 */
testEnv();
const abi = [
  ...erc20Abi,
  ...erc4626Abi,
  ...morphoBlueAbi,
  ...parseAbi([
    "function curator() view returns (address)",
    "function withdrawQueueLength() view returns (uint256)",
    "function MORPHO() view returns (address)",
    "function EVC() view returns (address)",
    "function caps() view returns (uint16, uint16)",
  ]),
] as const;

type Read = { address: Address; functionName: string; args?: readonly unknown[] };
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ ok: true as const, v: JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : x)) }),
    (e) => ({
      ok: false as const,
      why: /returned no data|ZeroData/.test(`${e?.name} ${e?.message} ${e?.shortMessage}`)
        ? "no data"
        : "reverted",
    }),
  );

describe("readView against viem's readContract on the devnet", () => {
  test("every chain: every vault's, token's and market's views, read for read", async () => {
    const book = addressBook();
    const all: Awaited<ReturnType<typeof outcome>>[] = [];
    for (const [chain, entry] of Object.entries(book.chains)) {
      const client = createPublicClient({
        transport: http(entry.rpcUrl as string),
        chain: {
          id: entry.chainId as number,
          name: chain,
          nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [entry.rpcUrl as string] } },
          contracts: { multicall3: { address: "0xcA11bde05977b3631167028862bE2a173976CA11" } },
        },
      });
      const contracts = entry.contracts as Record<string, Address>;
      const vaults = Object.entries(contracts)
        .filter(([name]) => /^(Erc4626Vault|MetaMorpho|EulerVault)/.test(name) && !/Factory/.test(name))
        .map(([, a]) => a);
      const tokens = Object.values((book.tokens?.[chain] ?? {}) as Record<string, { address: Address }>).map(
        (t) => t.address,
      );
      const noCode = `0x${keccak256(stringToHex("no code here")).slice(26)}` as Address;
      const reads: Read[] = [];
      for (const v of [...vaults, noCode, zeroAddress])
        reads.push(
          { address: v, functionName: "totalAssets" },
          { address: v, functionName: "maxDeposit", args: [zeroAddress] },
          { address: v, functionName: "convertToAssets", args: [10n ** 18n] },
          { address: v, functionName: "asset" },
          { address: v, functionName: "decimals" },
          { address: v, functionName: "name" },
          { address: v, functionName: "curator" },
          { address: v, functionName: "withdrawQueueLength" },
          { address: v, functionName: "MORPHO" },
          { address: v, functionName: "EVC" },
          { address: v, functionName: "caps" },
        );
      for (const t of tokens)
        for (const holder of [...vaults, noCode])
          reads.push({ address: t, functionName: "balanceOf", args: [holder] });
      for (const t of tokens)
        reads.push({ address: t, functionName: "symbol" }, { address: t, functionName: "totalSupply" });
      const morpho = contracts.MorphoBlue;
      if (morpho) {
        const id = keccak256(stringToHex("a market that was never created")) as Hex;
        reads.push(
          { address: morpho, functionName: "owner" },
          { address: morpho, functionName: "idToMarketParams", args: [id] },
          { address: morpho, functionName: "market", args: [id] },
        );
      }
      // one block for both (other tests write to the chain meanwhile)
      const blockNumber = await client.getBlockNumber();
      const ours = await Promise.all(reads.map((r) => outcome(readView(client, { ...r, abi, blockNumber }))));
      const theirs = await Promise.all(
        reads.map((r) => outcome(client.readContract({ ...r, abi, blockNumber } as never))),
      );
      expect(ours).toEqual(theirs);
      all.push(...ours);
    }
    // the reads cover answers and both kinds of failure
    expect(all.filter((o) => o.ok).length).toBeGreaterThan(all.length / 3);
    expect(all.some((o) => !o.ok && o.why === "reverted")).toBe(true);
    expect(all.some((o) => !o.ok && o.why === "no data")).toBe(true);
  });
});
