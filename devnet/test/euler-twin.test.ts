import {
  type Abi,
  type Address,
  encodePacked,
  getAddress,
  type Hex,
  maxUint256,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifact } from "../src/contracts/artifacts.ts";
import { EULER_IRM } from "../src/earn/euler.ts";
import { ANVIL_ACCOUNTS, bareAnvil } from "./bare-anvil.ts";

// The Euler Vault Kit-ABI twin on a bare anvil: the factory's createProxy and ProxyCreated, AmountCap caps,
// the governor's borrower allow-list, interest compounding with time (net of the interest fee for depositors),
// fees converted to the receiver, disabled operations, withdrawals bounded by the cash.
const chain = bareAnvil(5350);
const { pub } = chain;
type Account = (typeof ANVIL_ACCOUNTS)[0];
const [governor, borrower, depositor] = ANVIL_ACCOUNTS as [Account, Account, Account];
const token = loadArtifact("RwaToken");
const factoryArt = loadArtifact("EulerFactoryTwin");
const vaultArt = loadArtifact("EulerVaultTwin");
const irmArt = loadArtifact("EulerIrmLinearKinkTwin");
const v = vaultArt.abi as Abi;
const YEAR = 365 * 86_400;
const OP_DEPOSIT = 1;
const OP_BORROW = 1 << 6;
const usdc = (n: string) => parseUnits(n, 6);

const deploy = (artifact: Parameters<typeof chain.deploy>[1], args: unknown[] = []) =>
  chain.deploy(governor, artifact, args);
const send = (account: Account, address: Address, functionName: string, args: unknown[], abi: Abi = v) =>
  chain.send(account, address, abi, functionName, args);
const read = <T = bigint>(address: Address, functionName: string, args: unknown[] = [], abi: Abi = v) =>
  chain.read(address, abi, functionName, args) as Promise<T>;

/** the call's revert, decoded against the contract's errors */
const reverts = (account: Account, address: Address, functionName: string, args: unknown[], abi: Abi = v) =>
  pub.simulateContract({ account, address, abi, functionName, args });

const advance = async (seconds: number) => {
  await pub.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await pub.request({ method: "evm_mine" as never, params: [] as never });
};

beforeAll(() => chain.start(), 30_000);
afterAll(() => chain.stop());

describe("EulerVaultTwin", () => {
  let asset: Address;
  let factory: Address;
  let irm: Address;
  let vault: Address;
  const oracle = "0x00000000000000000000000000000000000000a1" as Address;
  const unitOfAccount = "0x00000000000000000000000000000000000000b2" as Address;

  it("the factory creates vaults by GenericFactory's createProxy, named as EVK names them, and lists them", async () => {
    asset = await deploy(token, ["USD Coin", "USDC", 6, governor.address]);
    factory = await deploy(factoryArt);
    irm = await deploy(irmArt, [EULER_IRM.baseRate, EULER_IRM.slope1, EULER_IRM.slope2, EULER_IRM.kink]);
    const trailingData = encodePacked(["address", "address", "address"], [asset, oracle, unitOfAccount]);
    const implementation = getAddress("0x00000000000000000000000000000000000000c3");
    const created = await send(
      governor,
      factory,
      "createProxy",
      [implementation, true, trailingData],
      factoryArt.abi as Abi,
    );
    const [event] = parseEventLogs({
      abi: factoryArt.abi as Abi,
      logs: created.logs,
      eventName: "ProxyCreated",
    });
    const args = (
      event as unknown as {
        args: { proxy: Address; upgradeable: boolean; implementation: Address; trailingData: Hex };
      }
    ).args;
    vault = args.proxy;
    expect(args).toMatchObject({ upgradeable: true, implementation, trailingData });
    expect(await read<string>(vault, "name")).toBe("EVK Vault eUSDC-1");
    expect(await read<string>(vault, "symbol")).toBe("eUSDC-1");
    expect(await read<number>(vault, "decimals")).toBe(6);
    for (const [view, want] of [
      ["asset", asset],
      ["oracle", oracle],
      ["unitOfAccount", unitOfAccount],
      ["creator", governor.address],
      ["governorAdmin", governor.address],
      ["EVC", zeroAddress],
      ["feeReceiver", zeroAddress],
      ["interestRateModel", zeroAddress],
    ] as const)
      expect((await read<Address>(vault, view)).toLowerCase(), view).toBe(want.toLowerCase());
    expect(await read(vault, "LTVList")).toEqual([]);
    expect(await read<number>(vault, "interestFee")).toBe(1000); // EVK's default: 10 %
    expect(await read(vault, "interestAccumulator")).toBe(10n ** 27n);

    // a second vault of the same asset is eUSDC-2; the factory lists both
    await send(governor, factory, "createProxy", [zeroAddress, false, trailingData], factoryArt.abi as Abi);
    expect(await read(factory, "getProxyListLength", [], factoryArt.abi as Abi)).toBe(2n);
    const list = await read<Address[]>(factory, "getProxyListSlice", [0n, maxUint256], factoryArt.abi as Abi);
    expect(list[0]).toBe(vault);
    expect(await read<string>(list[1]!, "symbol")).toBe("eUSDC-2");
    expect(await read<Address[]>(factory, "getProxyListSlice", [1n, 2n], factoryArt.abi as Abi)).toEqual([
      list[1],
    ]);
    expect(await read<boolean>(factory, "isProxy", [vault], factoryArt.abi as Abi)).toBe(true);
    expect(await read<boolean>(factory, "isProxy", [asset], factoryArt.abi as Abi)).toBe(false);
    await expect(
      reverts(governor, factory, "createProxy", [zeroAddress, false, "0x1234"], factoryArt.abi as Abi),
    ).rejects.toThrow(/E_BadTrailingData/);
    await expect(
      reverts(governor, factory, "getProxyListSlice", [1n, 3n], factoryArt.abi as Abi),
    ).rejects.toThrow(/E_BadQuery/);
  });

  it("caps in EVK's AmountCap encoding: only the governor sets them, maxDeposit is the supply cap's room", async () => {
    // no cap: what the cash can still hold (EVK's uint112 bound)
    expect(await read(vault, "maxDeposit", [depositor.address])).toBe(2n ** 112n - 1n);
    // 100 × 10^10 / 100 = 10^10 units = 10,000 USDC
    const cap = (100 << 6) | 10;
    await expect(reverts(depositor, vault, "setCaps", [cap, 0])).rejects.toThrow(/E_Unauthorized/);
    // 1023 × 10^63 / 100 is over EVK's bound on total assets
    await expect(reverts(governor, vault, "setCaps", [(1023 << 6) | 63, 0])).rejects.toThrow(
      /E_BadSupplyCap/,
    );
    await send(governor, vault, "setCaps", [cap, 0]);
    expect(await read(vault, "caps")).toEqual([cap, 0]);
    expect(await read(vault, "maxDeposit", [depositor.address])).toBe(usdc("10000"));

    await send(governor, asset, "mint", [depositor.address, usdc("20000")], token.abi as Abi);
    await send(depositor, asset, "approve", [vault, maxUint256], token.abi as Abi);
    await expect(reverts(depositor, vault, "deposit", [usdc("10001"), depositor.address])).rejects.toThrow(
      /ExceededMaxDeposit/,
    );
    await send(depositor, vault, "deposit", [usdc("10000"), depositor.address]);
    expect(await read(vault, "maxDeposit", [depositor.address])).toBe(0n);
    expect(await read(vault, "maxMint", [depositor.address])).toBe(0n);
    expect(await read(vault, "cash")).toBe(usdc("10000"));
    expect(await read(vault, "totalAssets")).toBe(usdc("10000"));
    // room again for what follows: 1,000,000 USDC
    await send(governor, vault, "setCaps", [(100 << 6) | 12, 0]);
  });

  it("only borrowers the governor allows may borrow, within the borrow cap and the cash", async () => {
    await expect(reverts(borrower, vault, "borrow", [usdc("1"), borrower.address])).rejects.toThrow(
      /E_Unauthorized/,
    );
    await expect(reverts(depositor, vault, "setBorrower", [borrower.address, true])).rejects.toThrow(
      /E_Unauthorized/,
    );
    await send(governor, vault, "setBorrower", [borrower.address, true]);
    await send(governor, vault, "setInterestRateModel", [irm]);
    // borrow cap 5,000 USDC: 50 × 10^10 / 100
    await send(governor, vault, "setCaps", [(100 << 6) | 12, (50 << 6) | 10]);
    await expect(reverts(borrower, vault, "borrow", [usdc("5001"), borrower.address])).rejects.toThrow(
      /E_BorrowCapExceeded/,
    );
    await send(governor, vault, "setCaps", [(100 << 6) | 12, 0]);
    await expect(reverts(borrower, vault, "borrow", [usdc("10001"), borrower.address])).rejects.toThrow(
      /E_InsufficientCash/,
    );

    const receipt = await send(borrower, vault, "borrow", [usdc("5000"), borrower.address]);
    const events = parseEventLogs({ abi: v, logs: receipt.logs });
    expect(events.find((e) => e.eventName === "Borrow")?.args).toEqual({
      account: borrower.address,
      assets: usdc("5000"),
    });
    const status = events.find((e) => e.eventName === "VaultStatus")?.args as Record<string, bigint>;
    expect(status).toMatchObject({
      totalShares: usdc("10000"),
      cash: usdc("5000"),
      totalBorrows: usdc("5000"),
    });
    expect(await read(asset, "balanceOf", [borrower.address], token.abi as Abi)).toBe(usdc("5000"));
    expect(await read(vault, "cash")).toBe(usdc("5000"));
    expect(await read(vault, "debtOf", [borrower.address])).toBe(usdc("5000"));

    // 50 % utilisation on the kink model (4 % a year at the 80 % kink): 2.5 % a year, per second in ray
    const rate = await read(vault, "interestRate");
    expect(rate).toBe(
      await read(irm, "computeInterestRateView", [vault, usdc("5000"), usdc("5000")], irmArt.abi as Abi),
    );
    expect(status.interestRate).toBe(rate);
    expect(Number(rate * BigInt(YEAR)) / 1e27).toBeCloseTo(0.025, 6);
    // only the vault may update its rate through the model
    await expect(
      reverts(governor, irm, "computeInterestRate", [vault, 0n, 0n], irmArt.abi as Abi),
    ).rejects.toThrow(/E_IRMUpdateUnauthorized/);
    // above the kink the slope is steep: 104 % a year at full utilisation
    const full = await read(irm, "computeInterestRateView", [vault, 0n, usdc("1")], irmArt.abi as Abi);
    expect(Number(full * BigInt(YEAR)) / 1e27).toBeCloseTo(1.04, 6);
  });

  it("interest compounds with time: debt grows, depositors earn it net of the 10 % fee, the fee accumulates as shares", async () => {
    const rate = await read(vault, "interestRate");
    const [borrowsBefore, supplyBefore, value] = [
      await read(vault, "totalBorrows"),
      await read(vault, "totalSupply"),
      await read(vault, "convertToAssets", [usdc("10000")]),
    ];
    await advance(YEAR);
    const borrows = await read(vault, "totalBorrows");
    const interest = borrows - borrowsBefore;
    // (1 + r)^t per second ≈ e^(r t)
    const expected = Number(borrowsBefore) * Math.exp((Number(rate) / 1e27) * YEAR);
    expect(Number(borrows) / expected).toBeCloseTo(1, 4);
    expect(await read(vault, "debtOf", [borrower.address])).toBe(borrows);
    expect(await read(vault, "interestAccumulator")).toBeGreaterThan(10n ** 27n);
    expect(await read(vault, "totalAssets")).toBe(usdc("5000") + borrows);

    // the fee: shares worth 10 % of the interest, counted in totalSupply, nobody's balance
    const fees = await read(vault, "accumulatedFees");
    expect(fees).toBeGreaterThan(0n);
    expect(await read(vault, "totalSupply")).toBe(supplyBefore + fees);
    expect(await read(vault, "balanceOf", [depositor.address])).toBe(supplyBefore);
    const feeAssets = await read(vault, "accumulatedFeesAssets");
    expect(Number(feeAssets)).toBeCloseTo(Number(interest) / 10, -1);
    // the depositor's shares grew by the rest
    const now = await read(vault, "convertToAssets", [usdc("10000")]);
    expect(Number(now - value)).toBeCloseTo((Number(interest) * 9) / 10, -1);

    // touch brings the state to now and logs it
    const receipt = await send(depositor, vault, "touch", []);
    const [status] = parseEventLogs({ abi: v, logs: receipt.logs, eventName: "VaultStatus" });
    const args = (status as unknown as { args: Record<string, bigint> }).args;
    expect(args.accumulatedFees).toBeGreaterThanOrEqual(fees);
    expect(args.totalBorrows).toBeGreaterThanOrEqual(borrows);
    expect(args.totalShares).toBe(supplyBefore + args.accumulatedFees!);
  });

  it("fees go to the fee receiver as shares; a repayment lowers the debt; disabled operations report 0", async () => {
    // no receiver yet: the fees stay accumulated
    await send(depositor, vault, "convertFees", []);
    expect(await read(vault, "accumulatedFees")).toBeGreaterThan(0n);
    await send(governor, vault, "setFeeReceiver", [governor.address]);
    const receipt = await send(depositor, vault, "convertFees", []);
    const [converted] = parseEventLogs({ abi: v, logs: receipt.logs, eventName: "ConvertFees" });
    const shares = (converted as unknown as { args: { governorShares: bigint } }).args.governorShares;
    expect(shares).toBeGreaterThan(0n);
    expect(await read(vault, "balanceOf", [governor.address])).toBe(shares);
    expect(await read(vault, "accumulatedFees")).toBe(0n);

    // repay half, then everything (the borrower's own USDC plus some for the interest)
    await send(governor, asset, "mint", [borrower.address, usdc("1000")], token.abi as Abi);
    await send(borrower, asset, "approve", [vault, maxUint256], token.abi as Abi);
    await expect(reverts(borrower, vault, "repay", [usdc("7000"), borrower.address])).rejects.toThrow(
      /E_RepayTooMuch/,
    );
    const repaid = await send(borrower, vault, "repay", [usdc("2500"), borrower.address]);
    const [repayEvent] = parseEventLogs({ abi: v, logs: repaid.logs, eventName: "Repay" });
    expect((repayEvent as unknown as { args: unknown }).args).toEqual({
      account: borrower.address,
      assets: usdc("2500"),
    });
    expect(await read(vault, "cash")).toBe(usdc("7500"));
    // a lower utilisation, a lower rate
    expect(Number((await read(vault, "interestRate")) * BigInt(YEAR)) / 1e27).toBeLessThan(0.025);
    await send(borrower, vault, "repay", [maxUint256, borrower.address]);
    expect(await read(vault, "debtOf", [borrower.address])).toBe(0n);
    expect(await read(vault, "totalBorrows")).toBeLessThanOrEqual(1n);

    // EVK's hook config with no target disables the operations: deposits and borrows
    await expect(reverts(governor, vault, "setHookConfig", [governor.address, OP_DEPOSIT])).rejects.toThrow(
      /E_NotHookTarget/,
    );
    await send(governor, vault, "setHookConfig", [zeroAddress, OP_DEPOSIT | OP_BORROW]);
    expect(await read(vault, "hookConfig")).toEqual([zeroAddress, OP_DEPOSIT | OP_BORROW]);
    expect(await read(vault, "maxDeposit", [depositor.address])).toBe(0n);
    await expect(reverts(depositor, vault, "deposit", [usdc("1"), depositor.address])).rejects.toThrow(
      /E_OperationDisabled/,
    );
    await expect(reverts(borrower, vault, "borrow", [usdc("1"), borrower.address])).rejects.toThrow(
      /E_OperationDisabled/,
    );
    await send(governor, vault, "setHookConfig", [zeroAddress, 0]);
    expect(await read(vault, "maxDeposit", [depositor.address])).toBeGreaterThan(0n);
  });

  it("withdrawals are bounded by the cash; the depositor redeems at a profit", async () => {
    // lend out most of the cash again: the depositor can take only what is left
    await send(borrower, vault, "borrow", [usdc("8000"), borrower.address]);
    const cash = await read(vault, "cash");
    const shares = await read(vault, "balanceOf", [depositor.address]);
    expect(await read(vault, "convertToAssets", [shares])).toBeGreaterThan(cash);
    expect(await read(vault, "maxWithdraw", [depositor.address])).toBe(cash);
    await expect(
      reverts(depositor, vault, "withdraw", [cash + 1n, depositor.address, depositor.address]),
    ).rejects.toThrow(/ExceededMaxWithdraw/);
    await send(borrower, vault, "repay", [maxUint256, borrower.address]);
    const before = await read(asset, "balanceOf", [depositor.address], token.abi as Abi);
    await send(depositor, vault, "redeem", [shares, depositor.address, depositor.address]);
    const back = (await read(asset, "balanceOf", [depositor.address], token.abi as Abi)) - before;
    // 10,000 deposited, a year of 2.5 % on half of it less the 10 % fee: ≈ +112 USDC
    expect(back).toBeGreaterThan(usdc("10100"));
    expect(back).toBeLessThan(usdc("10130"));
    expect(await read(vault, "balanceOf", [depositor.address])).toBe(0n);
  });
});
