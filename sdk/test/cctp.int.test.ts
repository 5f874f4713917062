import { addressBook, chainClient, sendAsRole, testEnv } from "@compass/testkit/live";
import { keyWallet, sendReturned } from "@compass/testkit/wallet";
import { erc20Abi, parseAbi, parseEther, parseUnits, toHex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { ApiError, CompassClient } from "../src/index.ts";

const client = new CompassClient({ serverURL: testEnv().url });
const usdc = () => addressBook().chains.arbitrum!.contracts.USDC!;

describe("TypeScript SDK: bridge namespace (CCTP v2)", () => {
  test("default: bridge.cctpBurn builds a burn the wallet sends; bridge.cctpMint answers pending (202) as a result", async () => {
    const wallet = keyWallet(generatePrivateKey(), "arbitrum");
    const owner = wallet.account.address;
    await chainClient("arbitrum").request({
      method: "anvil_setBalance" as any,
      params: [owner, toHex(parseEther("1"))] as any,
    });
    await sendAsRole("arbitrum", "usdc_admin", {
      address: usdc(),
      abi: parseAbi(["function mint(address to, uint256 amount) returns (bool)"]),
      functionName: "mint",
      args: [owner, parseUnits("20", 6)],
    });
    const burn = await client.bridge.cctpBurn({
      owner,
      chain: "arbitrum",
      destination_chain: "base",
      amount: "20",
      transfer_mode: "fast",
    });
    expect(burn).toMatchObject({ fee: "0.0026", estimated_time_seconds: 8 }); // 1.3 bp from an L2
    await sendReturned(wallet, burn.approval_transaction!);
    const sent = await sendReturned(wallet, burn.transaction);
    expect(
      await chainClient("arbitrum").readContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      }),
    ).toBe(0n);
    const mint = await client.bridge.cctpMint({
      bridge_id: burn.bridge_id,
      burn_tx_hash: sent.transactionHash,
      sender: owner,
    });
    expect(mint).toMatchObject({
      status: "pending",
      transaction: null,
      source_chain: "arbitrum",
      amount: "20",
    });
    expect(burn.transaction.to).toBe(addressBook().chains.arbitrum!.contracts.CctpTokenMessengerV2);
  });

  test("behavior: an unknown bridge id is an ApiError 404 with its label", async () => {
    const error = await client.bridge
      .cctpMint({ bridge_id: "br_00", burn_tx_hash: `0x${"12".repeat(32)}`, sender: `0x${"11".repeat(20)}` })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
    expect(JSON.stringify(error.body ?? error)).toContain("Unknown bridge_id");
  });
});
