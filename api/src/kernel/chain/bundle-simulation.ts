import {
  BUNDLE_SIMULATOR_ACCOUNT_CODE,
  BUNDLE_SIMULATOR_CODE,
  bundleSimulatorAbi,
  MULTICALL3,
} from "@compass/constants";
import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  type PublicClient,
  parseAbi,
  toHex,
} from "viem";

/** One call of a batch, as an account executes it: `target.call{value}(data)`. */
export interface BatchCall {
  to: Address;
  value: bigint;
  data: Hex;
}

const getEthBalanceAbi = parseAbi(["function getEthBalance(address addr) view returns (uint256 balance)"]);

/** Block tags that name the current state: what a write's checks and simulation read. */
const CURRENT = new Set(["latest", "pending", undefined]);

/**
 * A client that reads the chain as it will be once `account` has executed `prior`: the state a later step of a
 * batch meets. Every current-state `eth_call`, `eth_estimateGas` and `eth_getBalance` is answered by one
 * `eth_call` that runs `prior` and then the read itself from the account, the BundleSimulator placed at the
 * account by a state override (the account's own code beside it, so token hooks and ETH receipts behave as they
 * will). A read answers what it would answer directly, a revert reverts with the same data, so every check and
 * simulation a write makes works unchanged on the state the batch leaves.
 *
 * `accountCode` is the code the account runs when the batch executes: the EIP-7702 delegate's for an EOA, its own
 * for a smart account. Historical reads, and calls made as another address, go to the chain untouched.
 * `eth_estimateGas` answers 0 after simulating: one step's gas means nothing alone; the batch is estimated whole.
 */
export function clientAfter(
  base: PublicClient,
  input: { account: Address; prior: readonly BatchCall[]; accountCode: Hex },
): PublicClient {
  if (input.prior.length === 0) return base;
  const account = input.account.toLowerCase();
  const override = {
    [input.account]: { code: BUNDLE_SIMULATOR_CODE },
    [BUNDLE_SIMULATOR_ACCOUNT_CODE]: { code: input.accountCode },
  };
  const prior = input.prior.map((c) => ({ target: c.to, value: c.value, data: c.data }));
  const after = (target: Address, value: bigint, data: Hex, block: unknown) =>
    base.request({
      method: "eth_call",
      params: [
        {
          from: input.account,
          to: input.account,
          data: encodeFunctionData({
            abi: bundleSimulatorAbi,
            functionName: "simulateCalls",
            args: [[...prior, { target, value, data }]],
          }),
        },
        (block ?? "latest") as "latest",
        override,
      ] as any,
    }) as Promise<Hex>;

  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    const args = (params ?? []) as any[];
    if (method === "eth_call" || method === "eth_estimateGas") {
      const [call, block, stateOverride] = args;
      const from = call?.from?.toLowerCase();
      const untouched =
        !CURRENT.has(block) || !call?.to || stateOverride !== undefined || (from && from !== account);
      if (!untouched) {
        const result = await after(
          call.to,
          hexToBigInt(call.value ?? "0x0"),
          call.data ?? call.input ?? "0x",
          block,
        );
        return method === "eth_call" ? result : "0x0";
      }
    } else if (method === "eth_getBalance") {
      const [address, block] = args;
      if (CURRENT.has(block)) {
        const data = encodeFunctionData({
          abi: getEthBalanceAbi,
          functionName: "getEthBalance",
          args: [address],
        });
        return toHex(hexToBigInt(await after(MULTICALL3, 0n, data, block)));
      }
    }
    return base.request({ method, params } as any);
  };

  return createPublicClient({
    chain: base.chain,
    cacheTime: 0,
    batch: { multicall: { wait: 0 } },
    transport: custom({ request }, { retryCount: 0 }),
  }) as PublicClient;
}

const accountCodes = new WeakMap<PublicClient, Map<string, Hex>>();
const ACCOUNT_CODES_KEPT = 1000;

/**
 * The code `account` runs, read once per deployed account (a contract's code does not change; an account not yet
 * deployed is read again next time, and runs with no code meanwhile).
 */
export async function accountCodeOf(client: PublicClient, account: Address): Promise<Hex> {
  let codes = accountCodes.get(client);
  if (!codes) {
    codes = new Map();
    accountCodes.set(client, codes);
  }
  const key = account.toLowerCase();
  const known = codes.get(key);
  if (known) return known;
  const code = (await client.getCode({ address: account, blockTag: "pending" })) ?? "0x";
  if (code !== "0x") {
    if (codes.size >= ACCOUNT_CODES_KEPT) codes.delete(codes.keys().next().value!);
    codes.set(key, code);
  }
  return code;
}

/**
 * Runs `calls` in order as `account` — msg.sender is the account, its own code answers what reaches it — a
 * failing call reverting only its own effects, and returns each call's outcome (success and return or revert
 * data) on the state the ones before it leave. One `eth_call` at the next block.
 */
export async function simulateEach(
  client: PublicClient,
  input: { account: Address; calls: readonly BatchCall[]; accountCode: Hex },
): Promise<{ success: boolean; returnData: Hex }[]> {
  const { data } = await client.call({
    account: input.account,
    to: input.account,
    blockTag: "pending",
    data: encodeFunctionData({
      abi: bundleSimulatorAbi,
      functionName: "simulateEach",
      args: [input.calls.map((c) => ({ target: c.to, value: c.value, data: c.data }))],
    }),
    stateOverride: [
      { address: input.account, code: BUNDLE_SIMULATOR_CODE },
      { address: BUNDLE_SIMULATOR_ACCOUNT_CODE, code: input.accountCode },
    ],
  });
  const results = decodeFunctionResult({
    abi: bundleSimulatorAbi,
    functionName: "simulateEach",
    data: data!,
  });
  return results.map((r) => ({ success: r.success, returnData: r.returnData }));
}
