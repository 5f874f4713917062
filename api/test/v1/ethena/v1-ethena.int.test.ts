import {
  approveAs,
  chainClient,
  devnetFixture,
  type Fork,
  forkChain,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, erc20Abi, erc4626Abi, formatUnits, parseAbi, parseUnits } from "viem";
import { afterAll, describe, expect, test } from "vitest";

/**
 * The v1 Ethena group on ethereum's twin of StakedUSDeV2: USDe staked, a withdrawal requested into the cooldown, and
 * unstaked only once the 7-day cooldown has run — on a fork of the chain whose clock the test moves alone. The
 * vault read at three past blocks against sUSDe's own views then.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const DEV = 8;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const sUsde = () => contracts().EthenaStakedUsde!;
const cooldownsAbi = parseAbi([
  "function cooldowns(address) view returns (uint104 cooldownEnd, uint152 underlyingAmount)",
]);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/ethena/${path}`, { chain: CHAIN, sender: owner, ...body });

describe("v1 ethena", () => {
  let fork: Fork | undefined;
  afterAll(() => fork?.stop());

  test("default: USDe staked, a withdrawal requested, unstaked only after the cooldown", async () => {
    await approveAs(DEV, CHAIN, token("USDe"), sUsde());
    const held = await balanceOf(sUsde(), owner);
    const [, pending] = await chainClient(CHAIN).readContract({
      address: sUsde(),
      abi: cooldownsAbi,
      functionName: "cooldowns",
      args: [owner],
    });
    const dep = await write("deposit", { amount: "5000" });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, dep.body.transaction);
    const shares = (await balanceOf(sUsde(), owner)) - held;
    expect(shares).toBeGreaterThan(0n);
    expect(shares).toBeLessThan(parseUnits("5000", 18)); // a share is worth more than one USDe

    // sUSDe's ERC-4626 withdraw is closed while the cooldown is on
    const direct = await postJson("/v1/vaults/withdraw", {
      chain: CHAIN,
      sender: owner,
      vault_address: sUsde(),
      amount: "1",
    });
    expect(direct.status).toBe(422);
    expect(JSON.stringify(direct.body)).toMatch(/OperationNotAllowed/);

    const req = await write("request", { amount: "1000" });
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    expect(req.body.cooldown_duration_days).toBe(7);
    await sendUnsigned(DEV, CHAIN, req.body.transaction);
    const [end, amount] = await chainClient(CHAIN).readContract({
      address: sUsde(),
      abi: cooldownsAbi,
      functionName: "cooldowns",
      args: [owner],
    });
    expect(amount).toBe(pending + parseUnits("1000", 18));

    const read = await getJson(`${url}/v1/ethena/vault?user_address=${owner}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.cooldown_position).toEqual({
      amount_in_underlying_asset: formatUnits(amount, 18),
      cooldown_end: new Date(Number(end) * 1000).toISOString(),
      can_be_withdrawn: false,
    });
    const early = await write("unstake", {});
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toMatch(/in cooldown until/);

    // the cooldown waited out on the clock, on a fork: unstake pays the 1,000 USDe
    fork = await forkChain(CHAIN, 18_691);
    const f = fork;
    await f.warpTo(Number(end) + 60);
    const usdeOnFork = (who: Address) =>
      f.client.readContract({
        address: token("USDe"),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [who],
      });
    const ready = await f.get(`/v1/ethena/vault?user_address=${owner}`);
    expect(ready.body.cooldown_position.can_be_withdrawn).toBe(true);
    const before = await usdeOnFork(owner);
    const out = await f.post("/v1/ethena/unstake", { chain: CHAIN, sender: owner });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    await f.send(DEV, out.body.transaction);
    expect((await usdeOnFork(owner)) - before).toBe(amount);
    const after = await f.get(`/v1/ethena/vault?user_address=${owner}`);
    expect(after.body.cooldown_position.amount_in_underlying_asset).toBe("0");

    // ALL puts every share in cooldown
    const all = await f.post("/v1/ethena/request", { chain: CHAIN, sender: owner, amount: "ALL" });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    await f.send(DEV, all.body.transaction);
    expect(
      await f.client.readContract({
        address: sUsde(),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      }),
    ).toBe(0n);
  });

  test("default: the vault read at three past blocks matches sUSDe's own views then", async () => {
    const client = chainClient(CHAIN);
    const head = await client.getBlockNumber();
    for (const block of [head - 10n, head - 4n, head - 1n]) {
      const r = await getJson(`${url}/v1/ethena/vault?user_address=${owner}&block=${block}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [assets, supply, mine] = await Promise.all([
        client.readContract({
          address: sUsde(),
          abi: erc4626Abi,
          functionName: "totalAssets",
          blockNumber: block,
        }),
        client.readContract({
          address: sUsde(),
          abi: erc4626Abi,
          functionName: "totalSupply",
          blockNumber: block,
        }),
        balanceOf(sUsde(), owner, block),
      ]);
      expect(r.body.total_assets).toBe(formatUnits(assets, 18));
      expect(r.body.total_supply).toBe(formatUnits(supply, 18));
      expect(r.body.user_position.amount_of_shares).toBe(formatUnits(mine, 18));
    }
    const tooMuch = await write("request", { amount: "100000000" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail[0].loc).toEqual(["body", "amount"]);
  });
});
