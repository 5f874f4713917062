import {
  type Abi,
  type Address,
  type ContractFunctionName,
  type EncodeFunctionDataParameters,
  encodeFunctionData,
  type PublicClient,
} from "viem";
import type { Call } from "./call.ts";
import { NEXT_BLOCK } from "./next-block.ts";

/** A call of `to` encoded from its ABI: what a protocol's call builder returns. */
export function contractCall<
  const abi extends Abi | readonly unknown[],
  fn extends ContractFunctionName<abi>,
>(to: Address, parameters: EncodeFunctionDataParameters<abi, fn>): Call {
  return { to, data: encodeFunctionData(parameters as EncodeFunctionDataParameters) };
}

/**
 * Reads of one contract at the next block, by function name (the caller names the result's type): reads made in
 * the same turn travel in one multicall.
 */
export function contractReader(client: PublicClient, address: Address, abi: Abi | readonly unknown[]) {
  return <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ blockTag: NEXT_BLOCK, address, abi, functionName, args } as any) as Promise<T>;
}
