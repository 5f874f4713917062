import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from "@compass/constants";
import { type Address, encodeDeployData, getAddress, getContractAddress, type Hex, parseEther } from "viem";
import { roleAccount } from "../accounts.ts";
import { hasCode, sendAndConfirm } from "../bootstrap/tx.ts";
import { type NpmContract, npmArtifact } from "../earn/npm-artifacts.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/**
 * The deterministic-deployment proxy (Nick's CREATE2 factory) eth-infinitism deploys its releases through: anvil
 * starts with it installed; placed here when a chain lacks it.
 */
export const DETERMINISTIC_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
const DETERMINISTIC_DEPLOYER_CODE: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

const ZERO_SALT: Hex = "0x0000000000000000000000000000000000000000000000000000000000000000";
export const ENTRY_POINT_V07: Address = "0x0000000071727De22E5E9d8BAf0edAc6f37da032";

/**
 * ERC-4337 and EIP-7702 from their authors' npm build artifacts, each deployed through the deterministic deployer
 * with the salt of its release, so it lands at its canonical address (the same as on mainnet, base and arbitrum);
 * a build that would land elsewhere stops the devnet.
 * - `@account-abstraction/contracts` v0.8: the EntryPoint, Simple7702Account (the delegate the transaction bundler
 *   batches through) and SimpleAccountFactory (eth-infinitism's SimpleAccount, one of the two smart accounts);
 * - v0.7's EntryPoint, which Safe's 4337 module v0.3.0 serves;
 * - `@safe-global/safe-4337` v0.3.0: Safe4337Module and SafeModuleSetup (the other smart account: a Safe v1.4.1
 *   with the module as its fallback handler).
 */
const RELEASE = [
  {
    name: "EntryPoint",
    salt: "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9",
    address: ENTRY_POINT_V08,
  },
  { name: "Simple7702Account", salt: ZERO_SALT, address: SIMPLE_7702_ACCOUNT },
  {
    name: "SimpleAccountFactory",
    salt: ZERO_SALT,
    args: [ENTRY_POINT_V08],
    address: "0x13E9ed32155810FDbd067D4522C492D6f68E5944",
  },
  {
    name: "EntryPointV07",
    salt: "0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3",
    address: ENTRY_POINT_V07,
  },
  {
    name: "Safe4337Module",
    salt: ZERO_SALT,
    args: [ENTRY_POINT_V07],
    address: "0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226",
  },
  { name: "SafeModuleSetup", salt: ZERO_SALT, address: "0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47" },
] as const satisfies readonly Release[];

interface Release {
  name: NpmContract;
  salt: Hex;
  address: Address;
  args?: readonly unknown[];
}

/** ETH the bundler's executor keeps to pay for bundles (topped up on every start). */
const BUNDLER_FLOAT = parseEther("1000");

export const accountAbstractionExtension: ChainExtension = {
  name: "account-abstraction",
  chains: ["ethereum", "arbitrum", "base"],
  async ensure(ctx) {
    if (!(await hasCode(ctx.clients, DETERMINISTIC_DEPLOYER)))
      await ctx.clients.test.setCode({
        address: DETERMINISTIC_DEPLOYER,
        bytecode: DETERMINISTIC_DEPLOYER_CODE,
      });
    for (const contract of RELEASE) await deployRelease(ctx, contract);
    const executor = roleAccount("bundler").address;
    if ((await ctx.clients.public.getBalance({ address: executor })) < BUNDLER_FLOAT / 2n)
      await ctx.clients.test.setBalance({ address: executor, value: BUNDLER_FLOAT });
    ctx.log(
      `${ctx.spec.name}: EntryPoint v0.8 and v0.7, Simple7702Account, SimpleAccountFactory, Safe4337Module`,
    );
  },
  everyStart: true,
  contracts: () =>
    Object.fromEntries(RELEASE.map((r) => [r.name === "EntryPoint" ? "EntryPointV08" : r.name, r.address])),
};

async function deployRelease(ctx: ExtensionContext, contract: Release) {
  const artifact = npmArtifact(contract.name);
  const initCode = contract.args
    ? encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: contract.args })
    : artifact.bytecode;
  const address = getContractAddress({
    opcode: "CREATE2",
    from: DETERMINISTIC_DEPLOYER,
    salt: contract.salt,
    bytecode: initCode,
  });
  if (getAddress(address) !== getAddress(contract.address))
    throw new Error(`${contract.name}: the package's build lands at ${address}, not at ${contract.address}`);
  if (await hasCode(ctx.clients, address)) return;
  await sendAndConfirm(ctx.clients, {
    from: roleAccount("deployer").address,
    to: DETERMINISTIC_DEPLOYER,
    data: `${contract.salt}${initCode.slice(2)}` as Hex,
    what: `${ctx.spec.name}: deploying ${contract.name}`,
  });
  if (!(await hasCode(ctx.clients, address))) throw new Error(`${contract.name}: no code at ${address}`);
}
