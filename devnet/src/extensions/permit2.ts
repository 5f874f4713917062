import { PERMIT2 } from "@compass/constants";
import { loadArtifact } from "../contracts/artifacts.ts";
import type { ChainExtension } from "./types.ts";

/**
 * Permit2 at its canonical address on every devnet chain (contracts/Permit2Twin.sol): sponsored deposits
 * into product accounts are Permit2 `PermitTransferFrom` signatures. The twin has no constructor state,
 * so its runtime code is written in place, like the USDC twin.
 */
export const permit2Extension: ChainExtension = {
  name: "permit2",
  chains: ["ethereum", "arbitrum", "base", "ethereum_sepolia", "bsc"],
  everyStart: true,
  async ensure({ clients }) {
    const code = loadArtifact("Permit2Twin").deployedBytecode;
    const current = await clients.public.getCode({ address: PERMIT2 });
    if (current?.toLowerCase() !== code.toLowerCase()) {
      await clients.test.setCode({ address: PERMIT2, bytecode: code });
    }
  },
  contracts: () => ({ Permit2: PERMIT2 }),
};
