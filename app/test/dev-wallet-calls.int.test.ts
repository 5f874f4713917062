import { SIMPLE_7702_ACCOUNT } from "@compass/constants";
import {
  chainClient,
  devnetChain,
  devnetFixture,
  getJson,
  postJson,
  swapAndDepositSteps,
  testEnv,
  vaultAssetsOf,
} from "@compass/testkit/live";
import { parseEther, parseUnits, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import { createConfig, http } from "wagmi";
import { connect, getCapabilities, sendCalls, waitForCallsStatus } from "wagmi/actions";
import { devWallet } from "../lib/wallet/dev-wallet.ts";

/**
 * The hosted app's wagmi dev wallet answers EIP-5792: the calls the API's smart-account batching returns go to
 * wagmi's `sendCalls`, the wallet runs them atomically through its EIP-7702 delegation (signed on the first batch)
 * and `waitForCallsStatus` reports them done. The effects are read on chain.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const { contracts, token, balanceOf } = devnetFixture(CHAIN, 0);
const vault = () => contracts().Erc4626VaultUSDC!;

beforeAll(() => {
  // the connector remembers its account in localStorage, as in a browser
  const store = new Map<string, string>();
  (globalThis as any).localStorage ??= {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe("dev wallet: EIP-5792 wallet_sendCalls", () => {
  test("default: the API's batch as one atomic wallet_sendCalls through wagmi, on chain", async () => {
    const privateKey = generatePrivateKey();
    const user = privateKeyToAccount(privateKey).address;
    await chainClient(CHAIN).request({
      method: "anvil_setBalance" as any,
      params: [user, toHex(parseEther("3"))] as any,
    });
    const chain = devnetChain(CHAIN);
    const config = createConfig({
      chains: [chain],
      connectors: [devWallet({ load: async () => [{ address: user, privateKey }] })],
      transports: { [chain.id]: http() },
    });
    await connect(config, { connector: config.connectors[0]! });
    const capabilities = await getCapabilities(config, { chainId: chain.id });
    expect(capabilities).toMatchObject({ atomic: { status: "supported" } });

    const quote = await getJson(
      `${url}/v1/uniswap/quote/sell_exactly?chain=${CHAIN}&token_in=WETH&token_out=USDC&fee=0.05&amount_in=0.5`,
    );
    const deposit = String(Math.floor(Number(quote.body.amount_out) * 0.9));
    const r = await postJson("/v1/smart_account/batched_user_operations", {
      chain: CHAIN,
      sender: user,
      operations: swapAndDepositSteps({
        router: contracts().UniswapV3SwapRouter!,
        vault: vault(),
        weth: "0.5",
        depositUsdc: deposit,
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const { id } = await sendCalls(config, {
      calls: r.body.operations.map((op: { to: `0x${string}`; data: `0x${string}`; value: string }) => ({
        to: op.to,
        data: op.data,
        value: BigInt(op.value),
      })),
    });
    const status = await waitForCallsStatus(config, { id, timeout: 30_000 });
    expect(status.status).toBe("success");
    expect(status.atomic).toBe(true);

    expect((await chainClient(CHAIN).getCode({ address: user }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
    const assets = await vaultAssetsOf(CHAIN, vault(), user);
    // ERC-4626 rounds twice against the depositor (shares down on deposit, assets down on the read): with the
    // vault's share price above 1, that is up to 2 units of USDC's smallest denomination
    expect(assets).toBeGreaterThanOrEqual(parseUnits(deposit, 6) - 2n);
    expect(await balanceOf(token("WETH"), user)).toBe(0n);
  }, 60_000);
});
