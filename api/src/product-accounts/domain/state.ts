import type { Address, PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { safeAbi } from "./safe.ts";

export interface AccountState {
  deployed: boolean;
  /** the Safe's transaction nonce (0 before deployment) */
  nonce: bigint;
}

/**
 * Deployed or not, and the Safe nonce, in one read that batches into the caller's multicall: a call to
 * an address without code returns no data, which is how an undeployed account shows.
 */
export function readAccountState(client: PublicClient, account: Address): Promise<AccountState> {
  return client
    .readContract({ blockTag: NEXT_BLOCK, address: account, abi: safeAbi, functionName: "nonce" })
    .then(
      (nonce) => ({ deployed: true, nonce }),
      (error: unknown) => {
        if (/returned no data|ZeroData/i.test(`${(error as Error)?.name} ${(error as Error)?.message}`))
          return { deployed: false, nonce: 0n };
        throw error;
      },
    );
}
