import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
} from "viem";
import { roleAccount } from "../accounts.ts";
import { create2Address, ensureCreate2, saltOf } from "../bootstrap/create2.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import type { ExtensionContext } from "../extensions/types.ts";

/** A CREATE2 deployment through the devnet's singleton factory: its address is known before any chain starts. */
export interface Create2Deployment {
  what: string;
  initCode: Hex;
  salt: Hex;
  address: Address;
}

/** `label` names the salt (`compass.devnet.<label>`), so each deployment gets a stable, distinct address. */
export function create2Deployment(
  label: string,
  contract: { abi: Abi | readonly unknown[]; bytecode: Hex },
  args: readonly unknown[] = [],
): Create2Deployment {
  const initCode =
    args.length === 0
      ? contract.bytecode
      : encodeDeployData({ abi: contract.abi as Abi, bytecode: contract.bytecode, args });
  const salt = saltOf(`compass.devnet.${label}`);
  return { what: label, initCode, salt, address: create2Address(initCode, salt) };
}

export function ensureDeployed(ctx: ExtensionContext, deployment: Create2Deployment): Promise<Address> {
  return ensureCreate2(ctx.clients, {
    from: roleAccount("deployer").address,
    initCode: deployment.initCode,
    salt: deployment.salt,
    what: `${ctx.spec.name}: deploying ${deployment.what}`,
  });
}

/** Sends one contract call from an unlocked devnet account and waits for it, failing on a revert. */
export async function callContract<
  const abi extends Abi,
  name extends ContractFunctionName<abi, "nonpayable" | "payable">,
>(
  ctx: ExtensionContext,
  call: {
    from: Address;
    address: Address;
    abi: abi;
    functionName: name;
    args: ContractFunctionArgs<abi, "nonpayable" | "payable", name>;
    value?: bigint;
  },
) {
  const data = encodeFunctionData({
    abi: call.abi as Abi,
    functionName: call.functionName as string,
    args: call.args as readonly unknown[],
  });
  const what = `${ctx.spec.name}: ${call.functionName} on ${call.address}`;
  const tx = { account: call.from, to: call.address, data, value: call.value };
  try {
    // Headroom over the estimate: interest accrual (Aave, Morpho) costs more once the block's timestamp
    // has moved past the last update than in the estimate, which ran at the previous one. When the estimate
    // ran in the same second as the last update it took accrual's early return (no elapsed time, no call to
    // the rate model) and a proportional margin is not enough: the fixed part covers the rate model's call.
    const gas = ((await ctx.clients.public.estimateGas(tx)) * 3n) / 2n + 250_000n;
    return await sendAndConfirm(ctx.clients, {
      from: call.from,
      to: call.address,
      data,
      value: call.value,
      gas,
      what,
    });
  } catch (error) {
    // Replay it as a call to name the contract's reason (Aave's numeric error codes, custom errors…)
    const reason = await ctx.clients.public.call(tx).then(
      () => "",
      (e: Error) => (e as { shortMessage?: string }).shortMessage ?? e.message,
    );
    throw new Error(`${(error as Error).message}${reason ? `: ${reason}` : ""}`);
  }
}
