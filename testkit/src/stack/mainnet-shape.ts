/**
 * A devnet shaped like a real chain where it matters to history reads: its height against a provider's page. The
 * devnet's Ethereum is a few hundred blocks tall after its bootstrap; the real one makes ~7,200 blocks a day, and a
 * public provider answers eth_getLogs over 10,000 blocks at most (often far fewer). Growing a chain with
 * `anvil_mine` to tens of thousands of blocks, with the market activity spread across them, and reading it through
 * a provider range of a few blocks puts a direct log scan at thousands of pages: mainnet's arithmetic, on loopback.
 */

import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  stringToHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** JSON-RPC on loopback (no client library: the devnet's chains are plain anvil). */
async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** The chain's head block number. */
export async function chainHead(rpcUrl: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, "eth_blockNumber"));
}

export interface GrowOptions {
  /** the chain's RPC (anvil) */
  rpcUrl: string;
  /** rounds of activity; between two rounds the chain grows by `blocksPerRound` empty blocks */
  rounds: number;
  blocksPerRound: number;
  /** seconds between the grown blocks (Ethereum's 12; anvil's `anvil_mine` interval) */
  secondsPerBlock?: number;
  /** one round's activity (e.g. the devnet's market activity after a time advance) */
  act: (round: number) => Promise<void>;
}

/** Grows the chain: activity, then `blocksPerRound` blocks, `rounds` times. Returns the head before and after. */
export async function growChain(o: GrowOptions): Promise<{ from: bigint; to: bigint }> {
  const from = BigInt(await rpc<string>(o.rpcUrl, "eth_blockNumber"));
  for (let round = 0; round < o.rounds; round++) {
    await o.act(round);
    await rpc(o.rpcUrl, "anvil_mine", [
      `0x${o.blocksPerRound.toString(16)}`,
      `0x${(o.secondsPerBlock ?? 12).toString(16)}`,
    ]);
  }
  const to = BigInt(await rpc<string>(o.rpcUrl, "eth_blockNumber"));
  return { from, to };
}

export interface PopulateOptions {
  /** the chain's RPC (anvil) */
  rpcUrl: string;
  /** a funded key (ETH for gas, the token to supply) that sends every transaction */
  privateKey: `0x${string}`;
  /** Aave v3's pool, and the token supplied on each account's behalf */
  aavePool: `0x${string}`;
  token: `0x${string}`;
  /** how many accounts get a position (a supply of `amount` on their behalf at the pool) */
  accounts: number;
  amount: bigint;
  /** MetaMorpho's factory and the asset of the vaults it creates; how many */
  vaultFactory?: `0x${string}`;
  vaults?: number;
}

const populateAbi = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)",
  "function createMetaMorpho(address initialOwner, uint256 initialTimelock, address asset, string name, string symbol, bytes32 salt) returns (address)",
]);

/**
 * Many accounts with positions and many vaults, as a real chain has them: `accounts` addresses each given an Aave
 * supply (one transaction each, on their behalf) and `vaults` MetaMorpho vaults created by the factory (found, like
 * any, from its events). Sent back to back with explicit nonces and fixed gas (no estimate per transaction), every
 * receipt checked. Returns the accounts and the vaults' creation transactions.
 */
export async function populate(o: PopulateOptions): Promise<{ accounts: `0x${string}`[]; vaults: number }> {
  const account = privateKeyToAccount(o.privateKey);
  const chainId = Number(BigInt(await rpc<string>(o.rpcUrl, "eth_chainId")));
  const transport = http(o.rpcUrl);
  const chain = defineChain({
    id: chainId,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [o.rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport });
  const client = createPublicClient({ chain, transport });
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const calls: { to: `0x${string}`; data: `0x${string}`; gas: bigint }[] = [];
  calls.push({
    to: o.token,
    data: encodeFunctionData({ abi: populateAbi, functionName: "approve", args: [o.aavePool, maxUint256] }),
    gas: 100_000n,
  });
  const accounts = Array.from(
    { length: o.accounts },
    (_, i) =>
      getAddress(`0x${keccak256(stringToHex(`mainnet-shape account ${i}`)).slice(26)}`) as `0x${string}`,
  );
  for (const onBehalfOf of accounts)
    calls.push({
      to: o.aavePool,
      data: encodeFunctionData({
        abi: populateAbi,
        functionName: "supply",
        args: [o.token, o.amount, onBehalfOf, 0],
      }),
      gas: 600_000n,
    });
  for (let i = 0; i < (o.vaults ?? 0); i++)
    calls.push({
      to: o.vaultFactory!,
      data: encodeFunctionData({
        abi: populateAbi,
        functionName: "createMetaMorpho",
        args: [
          account.address,
          0n,
          o.token,
          `Shape Vault ${i + 1}`,
          `SHAPE${i + 1}`,
          keccak256(stringToHex(`mainnet-shape vault ${i}`)),
        ],
      }),
      gas: 8_000_000n,
    });
  const hashes: `0x${string}`[] = [];
  // in order (one nonce after the other), a batch of signatures in flight at a time
  for (let i = 0; i < calls.length; i += 50) {
    const batch = calls.slice(i, i + 50).map((c) => ({ ...c, nonce: nonce++ }));
    const signed = await Promise.all(
      batch.map((c) =>
        wallet.signTransaction({ ...c, chain, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1n }),
      ),
    );
    for (const tx of signed) hashes.push(await rpc<`0x${string}`>(o.rpcUrl, "eth_sendRawTransaction", [tx]));
  }
  for (let i = 0; i < hashes.length; i += 100) {
    const receipts = await Promise.all(
      hashes.slice(i, i + 100).map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })),
    );
    const failed = receipts.find((r) => r.status !== "success");
    if (failed) throw new Error(`populate: ${failed.transactionHash} reverted`);
  }
  return { accounts, vaults: o.vaults ?? 0 };
}

/**
 * The vault list's p50, cold and warm: `samples` reads each in a new block (mined, then the index caught up: the list
 * is read afresh, every vault's state and APY windows), and as many more in that last block (the list every request
 * at that head shares). Returns the p50s and the list's `total`.
 */
export async function timeVaultList(o: {
  rpcUrl: string;
  /** one GET of the list: its status and body */
  read: () => Promise<{ status: number; body: { total?: number } }>;
  /** resolves once the index has reached the chain's head */
  caughtUp: () => Promise<void>;
  samples?: number;
}): Promise<{ cold: number; warm: number; total: number }> {
  const samples = o.samples ?? 5;
  const cold: number[] = [];
  const warm: number[] = [];
  let total = 0;
  for (const [times, newBlock] of [
    [cold, true],
    [warm, false],
  ] as const)
    for (let i = 0; i < samples; i++) {
      if (newBlock) {
        await rpc(o.rpcUrl, "anvil_mine", ["0x1"]);
        await o.caughtUp();
      }
      const t = performance.now();
      const r = await o.read();
      times.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`the vault list answered ${r.status}`);
      total = r.body.total ?? 0;
    }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { cold: mid(cold), warm: mid(warm), total };
}

/** `vaults` more MetaMorpho vaults on a devnet's Ethereum (see populate), created by its factory from dev account 3. */
export function populateVaults(
  book: {
    chains: Record<string, { contracts: Record<string, string> } | undefined>;
    tokens?: Record<string, Record<string, { address: string } | undefined> | undefined>;
    accounts: { dev: { privateKey: string }[] };
  },
  rpcUrl: string,
  vaults: number,
) {
  const contracts = book.chains.ethereum!.contracts;
  return populate({
    rpcUrl,
    privateKey: book.accounts.dev[3]!.privateKey as `0x${string}`,
    aavePool: contracts.AavePool as `0x${string}`,
    token: book.tokens!.ethereum!.USDC!.address as `0x${string}`,
    accounts: 0,
    amount: 0n,
    vaultFactory: contracts.MorphoVaultFactory as `0x${string}`,
    vaults,
  });
}
