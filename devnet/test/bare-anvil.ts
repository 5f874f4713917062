import { type ChildProcess, spawn } from "node:child_process";
import { type Abi, type Address, createPublicClient, createWalletClient, type Hex, http } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { expect } from "vitest";
import { minedReceipt } from "../src/receipt.ts";
import { unitPortBase } from "./helpers.ts";

/** anvil's first three dev keys: fixed accounts for contract tests, funded with anvil_setBalance */
export const ANVIL_ACCOUNTS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaff4b8fd8ae8e0a7",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
].map((key) => privateKeyToAccount(key as Hex));

/**
 * One bare anvil for a contract test (no devnet), at `unitPortBase(portOffset)`: clients, deploy,
 * send (a revert fails the test), read. `start` in beforeAll, `stop` in afterAll.
 */
export function bareAnvil(portOffset: number) {
  const port = unitPortBase(portOffset);
  const rpc = `http://127.0.0.1:${port}`;
  const chain = { ...foundry, rpcUrls: { default: { http: [rpc] } } };
  const pub = createPublicClient({ chain, transport: http(rpc) });
  const walletOf = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(rpc) });
  let anvil: ChildProcess | undefined;

  return {
    pub,
    async start(accounts: PrivateKeyAccount[] = ANVIL_ACCOUNTS) {
      anvil = spawn("anvil", ["--port", String(port), "--silent"], { stdio: "ignore" });
      for (let i = 0; i < 100; i++) {
        try {
          await pub.getBlockNumber();
          for (const a of accounts)
            await pub.request({
              method: "anvil_setBalance" as never,
              params: [a.address, "0x3635c9adc5dea00000"] as never,
            });
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      throw new Error("anvil did not start");
    },
    stop() {
      anvil?.kill();
    },
    async deploy(
      account: PrivateKeyAccount,
      artifact: { abi: readonly unknown[]; bytecode: Hex },
      args: unknown[] = [],
    ): Promise<Address> {
      const hash = await walletOf(account).deployContract({
        abi: artifact.abi as Abi,
        bytecode: artifact.bytecode,
        args,
      });
      const receipt = await minedReceipt(pub, hash);
      if (!receipt.contractAddress) throw new Error("no contract");
      return receipt.contractAddress;
    },
    async send(
      account: PrivateKeyAccount,
      address: Address,
      abi: readonly unknown[],
      functionName: string,
      args: unknown[],
    ) {
      const hash = await walletOf(account).writeContract({
        address,
        abi: abi as Abi,
        functionName,
        args,
        chain,
        // a fixed limit, not an estimate: estimated in the same second as a Morpho market's last update, interest
        // accrual takes its early return, and the estimate would not cover the rate model's call once mined
        gas: 8_000_000n,
      });
      const receipt = await minedReceipt(pub, hash);
      expect(receipt.status).toBe("success");
      return receipt;
    },
    read: (address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
      pub.readContract({ address, abi: abi as Abi, functionName, args }) as Promise<any>,
  };
}
