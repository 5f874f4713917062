import { centrifugeVaultAbi, USDC } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import {
  addressBook,
  advanceDevnet,
  chainClient,
  getJson,
  postJson,
  sendAsRole,
  testEnv,
  tokenBalance,
} from "@compass/testkit/live";
import { keyWallet, roleWallet, sendReturned } from "@compass/testkit/wallet";
import { type Address, formatUnits, parseAbi, parseEther, parseUnits, toFunctionSelector, toHex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";

// The issuers' own interfaces through the API, on ethereum: an mTBILL instant deposit at Midas's DepositVault, a
// request-based redemption at its RedemptionVault approved by the issuer, and a deSPXA deposit request at the
// Centrifuge ERC-7540 vault fulfilled by the issuer and claimed into the account by it as the account's operator.
const chain = "ethereum";
const get = (path: string) => getJson(`${testEnv().url}${path}`);
const contract = (name: string) => addressBook().chains.ethereum!.contracts[name] as Address;
const adminAbi = parseAbi(["function pauseFn(bytes4 fn)", "function unpauseFn(bytes4 fn)"]);
const REDEEM_INSTANT = toFunctionSelector("redeemInstant(address,uint256,uint256)");

let wallet: ReturnType<typeof keyWallet>;
let owner: Address;
let account: Address;

beforeAll(async () => {
  wallet = keyWallet(generatePrivateKey(), chain);
  owner = wallet.account.address;
  await chainClient(chain).request({
    method: "anvil_setBalance" as any,
    params: [owner, toHex(parseEther("5"))] as any,
  });
  await sendAsRole(chain, "usdc_admin", {
    address: USDC.ethereum!.address,
    abi: parseAbi(["function mint(address to, uint256 amount) returns (bool)"]),
    functionName: "mint",
    args: [owner, parseUnits("5000", 6)],
  });
  const created = await postJson("/v2/tokenized_assets/create_account", { chain, sender: owner, owner });
  account = created.body.tokenized_assets_account_address;
  await sendReturned(wallet, created.body.transaction);
  const deposit = await postJson("/v2/tokenized_assets/transfer", {
    owner,
    chain,
    token: "USDC",
    amount: "4000",
    action: "DEPOSIT",
  });
  await sendReturned(wallet, deposit.body.transaction);
});

const trade = (side: "buy" | "sell", body: Record<string, unknown>) =>
  postJson(`/v2/tokenized_assets/transact/${side}`, { owner, chain, ...body });
const redemptions = async (vault: string) =>
  (await get(`/v2/tokenized_assets/redemptions?owner=${owner}&chain=${chain}&vault=${vault}`)).body
    .redemptions as any[];

describe("Midas through its vaults", () => {
  test("an mTBILL instant deposit: USDC to Midas, mTBILL at the feed's rate less the instant fee", async () => {
    const usdcBefore = await tokenBalance(chain, "USDC", account);
    const r = await trade("buy", { token_in: "USDC", token_out: "mTBILL", amount_in: "1000" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ settlement: "instant", poll_endpoint: null });
    await sendReturned(wallet, r.body.transaction);
    expect(await tokenBalance(chain, "USDC", account)).toBe(usdcBefore - parseUnits("1000", 6));
    const got = await tokenBalance(chain, "mTBILL", account);
    // the rate moves by a second's accrual between the preview and the block
    expect(Number(formatUnits(got, 18))).toBeCloseTo(Number(r.body.estimated_amount_out), 4);
    const rate = Number(
      (await get("/v2/tokenized_assets/markets/mTBILL?chain=ethereum")).body.current_price_usd,
    );
    expect(Number(formatUnits(got, 18))).toBeCloseTo((1000 * (1 - 0.0005)) / rate, 2);
  });

  test("a request-based redemption when instant redemptions are paused: pending, approved by Midas, USDC in the account", async () => {
    const vault = contract("MidasRedemptionVault_mTBILL");
    const issuer = roleWallet("fund_issuer", chain);
    const admin = async (fn: "pauseFn" | "unpauseFn") =>
      minedReceipt(
        issuer,
        await issuer.writeContract({
          address: vault,
          abi: adminAbi,
          functionName: fn,
          args: [REDEEM_INSTANT],
        }),
      );
    const before = await tokenBalance(chain, "mTBILL", account);
    const usdcBefore = await tokenBalance(chain, "USDC", account);
    await admin("pauseFn");
    let r: any;
    try {
      r = await trade("sell", { token_in: "mTBILL", token_out: "USDC", amount_in: "500" });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        settlement: "async",
        poll_endpoint: "/v2/tokenized_assets/redemptions",
      });
      // a partner fee cannot ride on proceeds Midas pays later
      const fee = await trade("sell", {
        token_in: "mTBILL",
        token_out: "USDC",
        amount_in: "1",
        fee: { recipient: owner, amount: "1" },
      });
      expect(fee).toMatchObject({ status: 422, body: { error: "Fee not supported" } });
      await sendReturned(wallet, r.body.transaction);
    } finally {
      await admin("unpauseFn");
    }
    expect(await tokenBalance(chain, "mTBILL", account)).toBe(before - parseUnits("500", 18));
    const [pending] = await redemptions("mTBILL");
    expect(pending).toMatchObject({
      status: "pending",
      kind: "redemption",
      shares: "500",
      processed_at: null,
    });
    expect(Number(pending.expected_net_assets)).toBeGreaterThan(500); // mTBILL is worth more than a dollar
    await advanceDevnet(3_700); // the issuer approves requests an hour old
    const [done] = await redemptions("mTBILL");
    expect(done).toMatchObject({ status: "finalized", expected_net_assets: null });
    expect(done.settlement_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(chain, "USDC", account)).toBe(usdcBefore + parseUnits(done.usdc_amount, 6));
  }, 60_000);
});

describe("Centrifuge ERC-7540", () => {
  test("a deSPXA deposit request: pending, fulfilled by the issuer and claimed into the account", async () => {
    const vault = contract("CentrifugeVault_deSPXA");
    const usdcBefore = await tokenBalance(chain, "USDC", account);
    const r = await trade("buy", { token_in: "USDC", token_out: "deSPXA", amount_in: "1000" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ settlement: "async", poll_endpoint: "/v2/tokenized_assets/redemptions" });
    await sendReturned(wallet, r.body.transaction);
    expect(await tokenBalance(chain, "USDC", account)).toBe(usdcBefore - parseUnits("1000", 6));
    const read = (functionName: string, args: readonly unknown[]) =>
      chainClient(chain).readContract({
        address: vault,
        abi: centrifugeVaultAbi,
        functionName,
        args,
      } as any) as Promise<bigint>;
    expect(await read("pendingDepositRequest", [0n, account])).toBe(parseUnits("1000", 6));
    const [pending] = await redemptions("deSPXA");
    expect(pending).toMatchObject({ status: "pending", kind: "subscription", usdc_amount: "1000" });

    await advanceDevnet(3_700);
    const [done] = await redemptions("deSPXA");
    expect(done.status).toBe("finalized");
    const shares = await tokenBalance(chain, "deSPXA", account);
    expect(shares).toBeGreaterThan(0n);
    expect(formatUnits(shares, 18)).toBe(done.shares);
    expect(Number(done.shares)).toBeCloseTo(Number(r.body.estimated_amount_out), 1);
    expect(await read("pendingDepositRequest", [0n, account])).toBe(0n);
    expect(await read("claimableDepositRequest", [0n, account])).toBe(0n);
  }, 60_000);
});
