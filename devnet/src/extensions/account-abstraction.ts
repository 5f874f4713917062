import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from "@compass/constants";
import { type Address, getAddress, getContractAddress, type Hex } from "viem";
import { roleAccount } from "../accounts.ts";
import { hasCode, sendAndConfirm } from "../bootstrap/tx.ts";
import { npmArtifact } from "../earn/npm-artifacts.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/**
 * The deterministic-deployment proxy (Nick's CREATE2 factory) eth-infinitism deploys its releases through: anvil
 * starts with it installed; placed here when a chain lacks it.
 */
export const DETERMINISTIC_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
const DETERMINISTIC_DEPLOYER_CODE: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

/**
 * ERC-4337 and EIP-7702 from `@account-abstraction/contracts` v0.8, the authors' own build artifacts deployed with
 * the salts of their release, so each lands at its canonical address (the same as on mainnet, base and arbitrum):
 * the EntryPoint, and Simple7702Account — the delegate the transaction bundler batches through.
 */
const RELEASE = [
  {
    name: "EntryPoint",
    salt: "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9",
    address: ENTRY_POINT_V08,
  },
  {
    name: "Simple7702Account",
    salt: "0x0000000000000000000000000000000000000000000000000000000000000000",
    address: SIMPLE_7702_ACCOUNT,
  },
] as const;

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
    ctx.log(`${ctx.spec.name}: EntryPoint v0.8 and Simple7702Account at their canonical addresses`);
  },
  contracts: () => ({ EntryPointV08: ENTRY_POINT_V08, Simple7702Account: SIMPLE_7702_ACCOUNT }),
};

async function deployRelease(
  ctx: ExtensionContext,
  contract: { name: "EntryPoint" | "Simple7702Account"; salt: Hex; address: Address },
) {
  const initCode = npmArtifact(contract.name).bytecode;
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
    what: `${ctx.spec.name}: deploying ${contract.name} v0.8`,
  });
  if (!(await hasCode(ctx.clients, address))) throw new Error(`${contract.name}: no code at ${address}`);
}
