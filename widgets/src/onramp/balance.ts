import { formatUnits } from "viem";
import type { Config } from "wagmi";
import { readContract } from "wagmi/actions";

/** USDC on Ethereum mainnet, where the on-ramp delivers. */
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" as const;

const balanceOfAbi = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "account", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
] as const;

/**
 * The wallet's USDC balance on Ethereum through the host's wagmi config, as a decimal string (rejects when it
 * has no chain 1). Loaded on demand once a purchase is delivered, so the reading code is not part of the
 * checkout's first load.
 */
export async function readUsdcBalance(config: Config, owner: `0x${string}`): Promise<string> {
  const units = await readContract(config, {
    address: USDC,
    abi: balanceOfAbi,
    functionName: "balanceOf",
    args: [owner],
    chainId: 1,
  });
  return formatUnits(units, 6);
}
