import { CHAIN_INFO } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { fieldError, type Loc } from "../errors.ts";
import type { ChainName } from "../schemas/common.ts";

const NO_DATA = /ContractFunctionZeroDataError|AbiDecodingZeroDataError|returned no data/;
const REVERTED = /ContractFunctionRevertedError|execution reverted/;

/**
 * Whether a failed view call means the address is not what the caller said: nothing answered (no
 * contract, or a contract without that function and without a fallback), or the call reverted.
 */
export function isWrongContract(error: unknown): boolean {
  for (let e: any = error, depth = 0; e && depth < 10; e = e.cause, depth++) {
    const text = `${e.name ?? ""} ${e.shortMessage ?? ""} ${e.message ?? ""}`;
    if (NO_DATA.test(text) || REVERTED.test(text)) return true;
  }
  return false;
}

/**
 * The 422 for an address field whose contract did not answer as `kind` (e.g. "an ERC-20 token"): one
 * more call, made only on this failure path, tells an address holding no code from the wrong contract.
 */
export async function wrongContract(
  client: PublicClient,
  chain: ChainName,
  address: Address,
  loc: Loc,
  kind: string,
): Promise<never> {
  const code = await client.getCode({ address }).catch(() => undefined);
  const where = CHAIN_INFO[chain].displayName;
  if (code === undefined || code === "0x")
    throw fieldError(loc, `${address} holds no contract on ${where}; expected ${kind}`);
  throw fieldError(loc, `${address} on ${where} is not ${kind}`);
}
