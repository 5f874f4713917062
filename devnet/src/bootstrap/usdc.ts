import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, parseUnits } from "viem";
import { DEV_ACCOUNT_COUNT, devnetAccounts, ROLE_INDEX, roleAccount } from "../accounts.ts";
import type { ChainSpec } from "../config.ts";
import { bep20PegTokenAbi, fiatTokenAbi } from "../contracts/abi.ts";
import { type DevnetContract, loadArtifact } from "../contracts/artifacts.ts";
import type { DevnetClients } from "../rpc.ts";
import { sendAndConfirm } from "./tx.ts";

/** What every dev account and twin role starts with on every chain. */
export const INITIAL_USDC = "1000000";
/** The on-ramp treasury may mint this much on top (it turns fiat into USDC, as Circle Mint does). */
const ONRAMP_MINT_ALLOWANCE = "1000000000000";

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

/** The twin of the chain's real USDC: Circle's FiatToken, or Binance's BEP-20 peg on BNB Smart Chain. */
export function usdcTwin(spec: ChainSpec): DevnetContract {
  return spec.usdc.kind === "bep20-peg" ? "Bep20PegTokenTwin" : "FiatTokenTwin";
}

/**
 * Writes the USDC twin's runtime code at the chain's real USDC address, initializes it as the real token is
 * (FiatToken: that chain's EIP-712 domain, so permits made for the real token verify against the twin; the
 * BEP-20 peg: name, 18 decimals, mintable by its owner), and mints the genesis balances. Steps already done
 * are skipped (see ensureBaseline).
 */
export async function installUsdc(clients: DevnetClients, spec: ChainSpec): Promise<void> {
  await clients.test.setCode({
    address: spec.usdc.address,
    bytecode: loadArtifact(usdcTwin(spec)).deployedBytecode,
  });
  if (spec.usdc.kind === "bep20-peg") await initializePeg(clients, spec);
  else await initializeFiatToken(clients, spec);
  for (const to of fundedAccounts()) {
    const balance = await clients.public.readContract({
      address: spec.usdc.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [to],
    });
    if (balance === 0n) await mintUsdc(clients, spec, to, parseUnits(INITIAL_USDC, spec.usdc.decimals));
  }
}

async function initializeFiatToken(clients: DevnetClients, spec: ChainSpec) {
  const token = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
  const admin = roleAccount("usdc_admin").address;
  const send = (what: string, data: Hex) =>
    sendAndConfirm(clients, { from: admin, to: token.address, data, what });
  if (!(await clients.public.readContract({ ...token, functionName: "initialized" }))) {
    const args = [spec.usdc.name, "USDC", spec.usdc.version!, spec.usdc.decimals, admin] as const;
    await send("USDC initialize", encodeFunctionData({ ...token, functionName: "initialize", args }));
  }
  const minters: [Address, bigint][] = [
    [admin, maxUint256],
    [roleAccount("onramp_treasury").address, parseUnits(ONRAMP_MINT_ALLOWANCE, spec.usdc.decimals)],
  ];
  for (const [minter, allowance] of minters) {
    if (await clients.public.readContract({ ...token, functionName: "isMinter", args: [minter] })) continue;
    const data = encodeFunctionData({ ...token, functionName: "configureMinter", args: [minter, allowance] });
    await send(`USDC configureMinter(${minter})`, data);
  }
}

/** Binance's peg: `usdc_admin` is the token's owner, the only one who mints (to itself). */
async function initializePeg(clients: DevnetClients, spec: ChainSpec) {
  const token = { address: spec.usdc.address, abi: bep20PegTokenAbi } as const;
  if (await clients.public.readContract({ ...token, functionName: "initialized" })) return;
  const args = [
    spec.usdc.name,
    "USDC",
    spec.usdc.decimals,
    0n,
    true,
    roleAccount("usdc_admin").address,
  ] as const;
  await sendAndConfirm(clients, {
    from: roleAccount("usdc_admin").address,
    to: token.address,
    data: encodeFunctionData({ ...token, functionName: "initialize", args }),
    what: "USDC initialize",
  });
}

/**
 * New USDC for `to`, issued the way the chain's real USDC is: Circle's master minter mints to the account;
 * Binance's peg mints to its owner, who then transfers.
 */
export async function mintUsdc(clients: DevnetClients, spec: ChainSpec, to: Address, amount: bigint) {
  const admin = roleAccount("usdc_admin").address;
  const send = (what: string, data: Hex) =>
    sendAndConfirm(clients, { from: admin, to: spec.usdc.address, data, what });
  if (spec.usdc.kind === "bep20-peg") {
    await send(
      "USDC mint",
      encodeFunctionData({ abi: bep20PegTokenAbi, functionName: "mint", args: [amount] }),
    );
    if (to.toLowerCase() !== admin.toLowerCase())
      await send(
        `USDC transfer to ${to}`,
        encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
      );
  } else {
    await send(
      `USDC mint to ${to}`,
      encodeFunctionData({ abi: fiatTokenAbi, functionName: "mint", args: [to, amount] }),
    );
  }
}
