import { type Address, encodeFunctionData, type Hex, maxUint256, parseUnits } from "viem";
import { DEV_ACCOUNT_COUNT, devnetAccounts, ROLE_INDEX, roleAccount } from "../accounts.ts";
import type { ChainSpec } from "../config.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import type { DevnetClients } from "../rpc.ts";
import { sendAndConfirm } from "./tx.ts";

/** What every dev account and twin role starts with on every chain. */
export const INITIAL_USDC = parseUnits("1000000", 6);
/** The on-ramp treasury may mint this much on top (it turns fiat into USDC, as Circle Mint does). */
const ONRAMP_MINT_ALLOWANCE = parseUnits("1000000000000", 6);

/** Accounts funded at genesis: the dev accounts and the twin roles (not the admin or deployer). */
function fundedAccounts(): Address[] {
  const roles: number[] = [
    ROLE_INDEX.onramp_treasury,
    ROLE_INDEX.venue_operator,
    ROLE_INDEX.fund_issuer,
    ROLE_INDEX.market_maker,
    ROLE_INDEX.sponsor,
  ];
  return devnetAccounts()
    .filter((a) => a.index < DEV_ACCOUNT_COUNT || roles.includes(a.index))
    .map((a) => a.address);
}

/**
 * Writes the USDC twin's runtime code at the chain's real USDC address, initializes it with that
 * chain's EIP-712 domain (permit signatures made for the real token verify against the twin), and
 * mints the genesis balances. Steps already done are skipped (see ensureBaseline).
 */
export async function installUsdc(clients: DevnetClients, spec: ChainSpec): Promise<void> {
  const token = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
  const admin = roleAccount("usdc_admin").address;
  const send = (what: string, data: Hex) =>
    sendAndConfirm(clients, { from: admin, to: token.address, data, what });

  await clients.test.setCode({
    address: token.address,
    bytecode: loadArtifact("FiatTokenTwin").deployedBytecode,
  });
  if (!(await clients.public.readContract({ ...token, functionName: "initialized" }))) {
    const args = [spec.usdc.name, "USDC", spec.usdc.version, spec.usdc.decimals, admin] as const;
    await send("USDC initialize", encodeFunctionData({ ...token, functionName: "initialize", args }));
  }
  const minters: [Address, bigint][] = [
    [admin, maxUint256],
    [roleAccount("onramp_treasury").address, ONRAMP_MINT_ALLOWANCE],
  ];
  for (const [minter, allowance] of minters) {
    if (await clients.public.readContract({ ...token, functionName: "isMinter", args: [minter] })) continue;
    const data = encodeFunctionData({ ...token, functionName: "configureMinter", args: [minter, allowance] });
    await send(`USDC configureMinter(${minter})`, data);
  }
  for (const to of fundedAccounts()) {
    if ((await clients.public.readContract({ ...token, functionName: "balanceOf", args: [to] })) > 0n)
      continue;
    const data = encodeFunctionData({ ...token, functionName: "mint", args: [to, INITIAL_USDC] });
    await send(`USDC mint to ${to}`, data);
  }
}
