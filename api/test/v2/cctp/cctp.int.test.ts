import { CCTP_MESSAGE_TRANSMITTER_V2, USDC } from "@compass/constants";
import { advanceDevnet, chainClient, type freshWallet, postJson, sendAsRole } from "@compass/testkit/live";
import { keyWallet, sendReturned } from "@compass/testkit/wallet";
import { type Address, erc20Abi, parseAbi, parseEther, parseUnits, toHex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

// CCTP v2 through the API, ethereum → base, in both modes: the burn built and sent by the owner's wallet, mint
// answering 202 until Circle's attestation service (the Iris twin) attests on devnet time, then the mint sent
// on base; USDC asserted on both chains.
const usdcAbi = parseAbi(["function mint(address to, uint256 amount) returns (bool)"]);
const balance = (chain: "ethereum" | "base", who: Address) =>
  chainClient(chain).readContract({
    address: USDC[chain]!.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });

let eth: Awaited<ReturnType<typeof freshWallet>>;
let base: ReturnType<typeof keyWallet>;
let owner: Address;

beforeAll(async () => {
  const key = generatePrivateKey();
  eth = keyWallet(key, "ethereum");
  base = keyWallet(key, "base");
  owner = eth.account.address;
  for (const chain of ["ethereum", "base"])
    await chainClient(chain).request({
      method: "anvil_setBalance" as any,
      params: [owner, toHex(parseEther("5"))] as any,
    });
  await sendAsRole("ethereum", "usdc_admin", {
    address: USDC.ethereum!.address,
    abi: usdcAbi,
    functionName: "mint",
    args: [owner, parseUnits("5000", 6)],
  });
});

const burn = (body: Record<string, unknown>) =>
  postJson("/v2/cctp/burn", { owner, chain: "ethereum", destination_chain: "base", ...body });
const mint = (bridge_id: string, burn_tx_hash: string) =>
  postJson("/v2/cctp/mint", { bridge_id, burn_tx_hash, sender: owner });

async function sendBurn(body: Record<string, unknown>) {
  const r = await burn(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (r.body.approval_transaction) await sendReturned(eth, r.body.approval_transaction);
  const receipt = await sendReturned(eth, r.body.transaction);
  return { body: r.body, hash: receipt.transactionHash };
}

describe("CCTP v2: USDC ethereum → base", () => {
  test("fast: 202 until attested, then the mint lands on base less Circle's fee; minting again is completed", async () => {
    const [ethBefore, baseBefore] = [await balance("ethereum", owner), await balance("base", owner)];
    const { body, hash } = await sendBurn({ amount: "1000", transfer_mode: "fast" });
    expect(body).toMatchObject({
      transfer_mode: "fast",
      fee: "0.1",
      max_fee: "0.12",
      estimated_time_seconds: 20,
      eip_712: null,
    });
    expect(body.bridge_id).toMatch(/^br_[0-9a-f]{58}$/);
    expect(body.approval_transaction).not.toBeNull(); // a fresh wallet has no allowance
    expect(await balance("ethereum", owner)).toBe(ethBefore - parseUnits("1000", 6));

    const pending = await mint(body.bridge_id, hash);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: "pending", transaction: null, amount: "1000" });
    expect(pending.body.retry_after_seconds).toBeGreaterThan(0);

    await advanceDevnet(30);
    const ready = await mint(body.bridge_id, hash);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: "ready",
      fee: "0.1",
      received: "999.9",
      destination_chain: "base",
    });
    expect(ready.body.transaction.to).toBe(CCTP_MESSAGE_TRANSMITTER_V2);
    await sendReturned(base, ready.body.transaction);
    expect(await balance("base", owner)).toBe(baseBefore + parseUnits("999.9", 6));

    const again = await mint(body.bridge_id, hash);
    expect(again).toMatchObject({ status: 200, body: { status: "completed", transaction: null } });
  }, 60_000);

  test("standard: free, and pending until the devnet's finality", async () => {
    const baseBefore = await balance("base", owner);
    const { body, hash } = await sendBurn({ amount: "500", transfer_mode: "standard" });
    expect(body).toMatchObject({ fee: "0", max_fee: "0", estimated_time_seconds: 1020 });
    await advanceDevnet(60);
    expect((await mint(body.bridge_id, hash)).status).toBe(202);
    await advanceDevnet(15 * 60);
    const ready = await mint(body.bridge_id, hash);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ready", fee: "0", received: "500" });
    await sendReturned(base, ready.body.transaction);
    expect(await balance("base", owner)).toBe(baseBefore + parseUnits("500", 6));
  }, 60_000);

  test("errors: unknown bridge_id and burn 404, same chain, unsupported chain, fee above amount, sponsorship, balance", async () => {
    expect(await mint("br_nope", `0x${"ab".repeat(32)}`)).toMatchObject({
      status: 404,
      body: { error: "Unknown bridge_id" },
    });
    const issued = (await burn({ amount: "1", transfer_mode: "standard" })).body.bridge_id;
    expect(await mint(issued, `0x${"ab".repeat(32)}`)).toMatchObject({
      status: 404,
      body: { error: "Burn not found" },
    });
    const field = (r: any) => r.body.detail?.[0]?.loc?.at(-1) ?? r.body.message;
    const same = await burn({ amount: "1", transfer_mode: "fast", destination_chain: "ethereum" });
    expect(same.status).toBe(422);
    expect(field(same)).toBe("destination_chain");
    const bsc = await burn({ amount: "1", transfer_mode: "fast", chain: "bsc" });
    expect(bsc.status).toBe(422);
    expect(field(bsc)).toBe("chain");
    const tiny = await burn({ amount: "0.000001", transfer_mode: "fast" });
    expect(tiny.status).toBe(422);
    expect(field(tiny)).toBe("amount");
    const sponsored = await burn({ amount: "1", transfer_mode: "standard", gas_sponsorship: true });
    expect(field(sponsored)).toBe("gas_sponsorship");
    const much = await burn({ amount: "1000000", transfer_mode: "standard" });
    expect(field(much)).toBe("amount");
  });
});
