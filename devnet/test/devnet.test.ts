import { readFileSync } from "node:fs";
import {
  type Address,
  domainSeparator,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  multicall3Abi,
  parseAbi,
  parseSignature,
  parseUnits,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAddressBook } from "../src/addressbook.ts";
import { rpcUrl } from "../src/config.ts";
import { EXTENSIONS, selectExtensions } from "../src/extensions/index.ts";
import {
  bep20PegTokenAbi,
  CHAINS,
  type DevnetAddressBook,
  type DevnetHandle,
  devnetTime,
  fiatTokenAbi,
  MULTICALL3,
  ROLE_INDEX,
  SAFE_CONTRACTS,
  startDevnet,
} from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";
import { TWINS } from "../src/twins/registry.ts";
import { twinAddressBookEntry } from "../src/twins/supervisor.ts";
import { clients, dev, ONE_MILLION_USDC, PERMIT_TYPES, tempDir, unitPortBase } from "./helpers.ts";

const PORT_BASE = unitPortBase(0);
const dir = tempDir("devnet-test");
let devnet: DevnetHandle;

// Five chains without the earn protocols or twins: what is tested here (genesis balances, Safe, the USDC twins,
// Multicall3, time) is there without them, and the earn protocols' bootstrap on four chains at once took 31 s of
// this file's 33 (earn-protocols.test.ts and the stack boot those; the address book of the default composition is
// built below the way startDevnet builds it)
beforeAll(async () => {
  devnet = await startDevnet({
    dir: dir.path,
    portBase: PORT_BASE,
    snapshots: false,
    earn: false,
    twins: [],
  });
}, 240_000);

afterAll(async () => {
  await devnet?.stop({ discard: true });
  dir.remove();
});

describe("address book", () => {
  it("is written for the chains, extensions and twins the devnet started with", () => {
    const written = JSON.parse(readFileSync(devnet.addressBookPath, "utf8")) as DevnetAddressBook;
    const expected = buildAddressBook(
      CHAINS.map((spec) => ({ spec, rpcUrl: rpcUrl(PORT_BASE, spec) })),
      {},
      selectExtensions({ earn: false }),
    );
    // deploy blocks are the chain's (which block each contract landed in), not the book's to choose
    for (const chain of Object.values(written.chains))
      delete (chain as { deployBlocks?: unknown }).deployBlocks;
    expect(written).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(written.chains.base!.contracts.AavePool).toBeUndefined();
  });

  it("lists the five chains, their contracts, tokens, dev accounts and roles (the default composition)", () => {
    // as startDevnet builds it with every extension and twin
    const book = buildAddressBook(
      CHAINS.map((spec) => ({ spec, rpcUrl: rpcUrl(PORT_BASE, spec) })),
      Object.fromEntries(TWINS.map((spec) => [spec.name, twinAddressBookEntry(spec, PORT_BASE)])),
    );
    expect(book.version).toBe(1);
    expect(Object.keys(book.chains)).toEqual(["ethereum", "arbitrum", "base", "ethereum_sepolia", "bsc"]);
    expect(book.chains.arbitrum).toMatchObject({
      chainId: 42161,
      rpcUrl: `http://127.0.0.1:${PORT_BASE + 1}`,
    });
    expect(Object.keys(book.chains.base!.contracts).sort()).toEqual(
      [
        "USDC",
        "Multicall3",
        "SafeSingletonFactory",
        ...Object.keys(SAFE_CONTRACTS),
        "Permit2",
        // the earn protocols (devnet/README.md "Earn protocols")
        ...EXTENSIONS.filter((e) => e.chains.includes("base")).flatMap((e) =>
          ["permit2", "tokenized-assets-markets"].includes(e.name)
            ? []
            : Object.keys(e.contracts?.("base") ?? {}),
        ),
      ].sort(),
    );
    expect(book.chains.base!.contracts).toMatchObject({
      AavePool: expect.any(String),
      MorphoBlue: expect.any(String),
    });
    expect(book.tokens?.ethereum_sepolia?.USDC).toMatchObject({
      name: "USDC",
      decimals: 6,
      permitVersion: "2",
    });
    // Binance-Peg USD Coin: 18 decimals, no permit; WBNB is the chain's WETH9
    expect(book.tokens?.bsc?.USDC).toEqual({
      address: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
      decimals: 18,
      name: "USD Coin",
      symbol: "USDC",
    });
    expect(book.tokens?.bsc?.WBNB).toMatchObject({ address: "0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c" });
    expect(book.chains.bsc!.chainId).toBe(56);
    expect(book.chains.bsc!.contracts).toMatchObject({ AavePool: expect.any(String) });
    expect(book.chains.bsc!.contracts.MorphoBlue).toBeUndefined();
    expect(book.accounts.dev).toHaveLength(10);
    expect(book.accounts.dev[0]!.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(book.roles.onramp_treasury.index).toBe(ROLE_INDEX.onramp_treasury);
    expect(Object.keys(book.twins)).toEqual(TWINS.map((t) => t.name));
    expect(book.chains.arbitrum!.contracts.Bridge2).toBe("0x2Df1c51E09aECF9cacB7bc98cB1742757f163dF7");
  });
});

describe("genesis balances", () => {
  it("gives every dev account 1,000,000 USDC on every chain", async () => {
    for (const spec of CHAINS) {
      const { public: client } = clients(devnet, spec.name);
      const results = await client.multicall({
        allowFailure: false,
        contracts: devnet.addressBook.accounts.dev.map(({ address }: { address: Address }) => ({
          address: spec.usdc.address,
          abi: erc20Abi,
          functionName: "balanceOf" as const,
          args: [address] as const,
        })),
      });
      expect(results, spec.name).toEqual(Array(10).fill(parseUnits("1000000", spec.usdc.decimals)));
    }
  });
});

describe("Safe v1.4.1", () => {
  it("has code at every canonical address on every chain", async () => {
    for (const spec of CHAINS) {
      const { public: client } = clients(devnet, spec.name);
      for (const [name, { address }] of Object.entries(SAFE_CONTRACTS)) {
        expect((await client.getCode({ address }))?.length ?? 0, `${name} on ${spec.name}`).toBeGreaterThan(
          2,
        );
      }
      const version = parseAbi(["function VERSION() view returns (string)"]);
      for (const address of [SAFE_CONTRACTS.Safe.address, SAFE_CONTRACTS.SafeL2.address]) {
        expect(await client.readContract({ address, abi: version, functionName: "VERSION" })).toBe("1.4.1");
      }
    }
  });

  it("creates a working Safe proxy through the canonical factory", async () => {
    const { public: client, wallet } = clients(devnet, "base");
    const owner = dev(devnet, 0).address;
    const safeAbi = parseAbi([
      "function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)",
      "function getOwners() view returns (address[])",
      "function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address proxy)",
    ]);
    const zero = "0x0000000000000000000000000000000000000000";
    const initializer = encodeFunctionData({
      abi: safeAbi,
      functionName: "setup",
      args: [[owner], 1n, zero, "0x", SAFE_CONTRACTS.CompatibilityFallbackHandler.address, zero, 0n, zero],
    });
    const { result: proxy, request } = await client.simulateContract({
      account: owner,
      address: SAFE_CONTRACTS.SafeProxyFactory.address,
      abi: safeAbi,
      functionName: "createProxyWithNonce",
      args: [SAFE_CONTRACTS.SafeL2.address, initializer, 1n],
    });
    await minedReceipt(client, await wallet.writeContract(request));
    expect(await client.readContract({ address: proxy, abi: safeAbi, functionName: "getOwners" })).toEqual([
      owner,
    ]);
  });
});

const FIAT_TOKEN_CHAINS = CHAINS.filter((c) => c.usdc.kind === "fiat-token");

describe("USDC twin", () => {
  it("has each chain's name, symbol, decimals and EIP-712 domain", async () => {
    for (const spec of FIAT_TOKEN_CHAINS) {
      const { public: client } = clients(devnet, spec.name);
      const read = <F extends "name" | "symbol" | "decimals" | "version" | "DOMAIN_SEPARATOR">(
        functionName: F,
      ) => client.readContract({ address: spec.usdc.address, abi: fiatTokenAbi, functionName });
      expect(await read("name")).toBe(spec.usdc.name);
      expect(await read("symbol")).toBe("USDC");
      expect(await read("decimals")).toBe(6);
      expect(await read("version")).toBe("2");
      const domain = {
        name: spec.usdc.name,
        version: "2",
        chainId: spec.chainId,
        verifyingContract: spec.usdc.address,
      };
      expect(await read("DOMAIN_SEPARATOR")).toBe(domainSeparator({ domain }));
    }
  });

  it("accepts an EIP-2612 permit signed with a dev key", async () => {
    for (const spec of FIAT_TOKEN_CHAINS) {
      const { public: client, wallet } = clients(devnet, spec.name);
      const owner = privateKeyToAccount(dev(devnet, 1).privateKey);
      const spender = dev(devnet, 2).address;
      const token = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
      const nonce = await client.readContract({ ...token, functionName: "nonces", args: [owner.address] });
      const value = parseUnits("250", 6);
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 86_400 * 30);
      const signature = await owner.signTypedData({
        domain: {
          name: spec.usdc.name,
          version: "2",
          chainId: spec.chainId,
          verifyingContract: spec.usdc.address,
        },
        types: PERMIT_TYPES,
        primaryType: "Permit",
        message: { owner: owner.address, spender, value, nonce, deadline },
      });
      const { v, r, s } = parseSignature(signature);
      const hash = await wallet.writeContract({
        ...token,
        account: spender, // anvil's unlocked account: the spender submits the permit
        functionName: "permit",
        args: [owner.address, spender, value, deadline, Number(v), r, s],
      });
      expect((await minedReceipt(client, hash)).status).toBe("success");
      expect(
        await client.readContract({ ...token, functionName: "allowance", args: [owner.address, spender] }),
      ).toBe(value);
      expect(await client.readContract({ ...token, functionName: "nonces", args: [owner.address] })).toBe(
        nonce + 1n,
      );
    }
  });

  it("executes an EIP-3009 transferWithAuthorization exactly once", async () => {
    const spec = CHAINS[0]!;
    const { public: client, wallet } = clients(devnet, spec.name);
    const from = privateKeyToAccount(dev(devnet, 1).privateKey);
    const to = dev(devnet, 6).address;
    const token = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
    const message = {
      from: from.address,
      to,
      value: parseUnits("42", 6),
      validAfter: 0n,
      validBefore: BigInt(Math.floor(Date.now() / 1000) + 86_400 * 30),
      nonce: keccak256(toHex("devnet-test-3009")),
    };
    const signature = await from.signTypedData({
      domain: {
        name: spec.usdc.name,
        version: "2",
        chainId: spec.chainId,
        verifyingContract: spec.usdc.address,
      },
      types: {
        TransferWithAuthorization: [
          { name: "from", type: "address" },
          { name: "to", type: "address" },
          { name: "value", type: "uint256" },
          { name: "validAfter", type: "uint256" },
          { name: "validBefore", type: "uint256" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "TransferWithAuthorization",
      message,
    });
    const call = {
      ...token,
      account: dev(devnet, 2).address, // a relayer, neither payer nor payee
      functionName: "transferWithAuthorization",
      args: [
        message.from,
        message.to,
        message.value,
        message.validAfter,
        message.validBefore,
        message.nonce,
        signature,
      ],
    } as const;
    await minedReceipt(client, await wallet.writeContract(call));
    expect(await client.readContract({ ...token, functionName: "balanceOf", args: [to] })).toBe(
      ONE_MILLION_USDC + message.value,
    );
    expect(
      await client.readContract({
        ...token,
        functionName: "authorizationState",
        args: [from.address, message.nonce],
      }),
    ).toBe(true);
    await expect(client.simulateContract(call)).rejects.toThrow(/authorization is used or canceled/);
  });

  it("rejects transfers while paused", async () => {
    const spec = CHAINS[0]!;
    const { public: client, wallet } = clients(devnet, spec.name);
    const admin = devnet.addressBook.roles.usdc_admin.address;
    const token = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
    const transfer = {
      ...token,
      account: dev(devnet, 5).address,
      functionName: "transfer",
      args: [dev(devnet, 6).address, 1n],
    } as const;
    await minedReceipt(
      client,
      await wallet.writeContract({ ...token, account: admin, functionName: "pause" }),
    );
    await expect(client.simulateContract(transfer)).rejects.toThrow(/Pausable: paused/);
    await minedReceipt(
      client,
      await wallet.writeContract({ ...token, account: admin, functionName: "unpause" }),
    );
    expect((await client.simulateContract(transfer)).result).toBe(true);
  });
});

describe("Binance-Peg USDC twin (bsc)", () => {
  const spec = CHAINS.find((c) => c.name === "bsc")!;
  const token = { address: spec.usdc.address, abi: bep20PegTokenAbi } as const;

  it("is Binance's BEP-20 peg: 18 decimals, owned by usdc_admin, no EIP-2612 permit", async () => {
    const { public: client } = clients(devnet, "bsc");
    expect(spec.usdc).toMatchObject({ kind: "bep20-peg", decimals: 18, name: "USD Coin" });
    expect(await client.readContract({ ...token, functionName: "name" })).toBe("USD Coin");
    expect(await client.readContract({ ...token, functionName: "symbol" })).toBe("USDC");
    expect(await client.readContract({ ...token, functionName: "decimals" })).toBe(18);
    expect(await client.readContract({ ...token, functionName: "getOwner" })).toBe(
      devnet.addressBook.roles.usdc_admin.address,
    );
    // a permit made for a FiatToken has nothing to call here
    await expect(
      client.readContract({
        address: spec.usdc.address,
        abi: fiatTokenAbi,
        functionName: "DOMAIN_SEPARATOR",
      }),
    ).rejects.toThrow();
  });

  it("mints only to its owner, who then pays out; anyone else is refused with the peg's message", async () => {
    const { public: client, wallet } = clients(devnet, "bsc");
    const admin = devnet.addressBook.roles.usdc_admin.address;
    const amount = parseUnits("5", 18);
    await expect(
      client.simulateContract({
        ...token,
        account: dev(devnet, 3).address,
        functionName: "mint",
        args: [amount],
      }),
    ).rejects.toThrow(/Ownable: caller is not the owner/);
    const supply = await client.readContract({ ...token, functionName: "totalSupply" });
    await minedReceipt(
      client,
      await wallet.writeContract({ ...token, account: admin, functionName: "mint", args: [amount] }),
    );
    expect(await client.readContract({ ...token, functionName: "totalSupply" })).toBe(supply + amount);
    const to = dev(devnet, 4).address;
    const before = await client.readContract({ ...token, functionName: "balanceOf", args: [to] });
    await minedReceipt(
      client,
      await wallet.writeContract({ ...token, account: admin, functionName: "transfer", args: [to, amount] }),
    );
    expect(await client.readContract({ ...token, functionName: "balanceOf", args: [to] })).toBe(
      before + amount,
    );
    await expect(
      client.simulateContract({
        ...token,
        account: dev(devnet, 4).address,
        functionName: "transfer",
        args: [dev(devnet, 5).address, before + amount + 1n],
      }),
    ).rejects.toThrow(/BEP20: transfer amount exceeds balance/);
  });
});

describe("Multicall3", () => {
  it("serves viem's batched reads in a single eth_call", async () => {
    const spec = CHAINS[2]!;
    const { public: client, methods } = clients(devnet, spec.name, { multicall: true });
    const accounts = devnet.addressBook.accounts.dev.map((a) => a.address);
    const [decimals, timestamp, ...balances] = await Promise.all([
      client.readContract({ address: spec.usdc.address, abi: erc20Abi, functionName: "decimals" }),
      client.readContract({
        address: MULTICALL3,
        abi: multicall3Abi,
        functionName: "getCurrentBlockTimestamp",
      }),
      ...accounts.map((account) =>
        client.readContract({
          address: spec.usdc.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account],
        }),
      ),
    ]);
    expect(methods.filter((m) => m === "eth_call")).toHaveLength(1);
    expect(decimals).toBe(6);
    expect(timestamp).toBeGreaterThan(0n);
    expect(balances).toHaveLength(10);
  });

  it("answers the canonical helper views", async () => {
    const spec = CHAINS[1]!;
    const { public: client } = clients(devnet, spec.name);
    const abi = parseAbi([
      "function getChainId() view returns (uint256)",
      "function getEthBalance(address) view returns (uint256)",
      "function getBlockNumber() view returns (uint256)",
    ]);
    const read = { address: MULTICALL3, abi } as const;
    expect(await client.readContract({ ...read, functionName: "getChainId" })).toBe(BigInt(spec.chainId));
    expect(
      await client.readContract({ ...read, functionName: "getEthBalance", args: [dev(devnet, 9).address] }),
    ).toBe(10_000n * 10n ** 18n);
    expect(await client.readContract({ ...read, functionName: "getBlockNumber" })).toBe(
      await client.getBlockNumber(),
    );
  });
});

describe("devnet time", () => {
  it("advanceTime moves every chain's clock forward by the same amount", async () => {
    const urls = Object.values(devnet.chains).map((c) => c.rpcUrl);
    const started = Date.now();
    const before = await Promise.all(urls.map(devnetTime));
    await devnet.advanceTime(3 * 3600);
    const after = await Promise.all(urls.map(devnetTime));
    // 3 h, plus the wall-clock seconds the reads and the advance took (more on a loaded machine), and no more
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    after.forEach((t, i) => {
      expect(t - before[i]!).toBeGreaterThanOrEqual(3 * 3600);
      expect(t - before[i]!).toBeLessThanOrEqual(3 * 3600 + elapsed + 2);
    });
    // the same clock, give or take the seconds the twins acting on the advance (settling requests, filling
    // orders) take to mine their blocks on some chains
    expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(5);
  });
});
