import { formatUnits } from "viem";
import type { Config } from "wagmi";
import { getClient } from "wagmi/actions";

/** USDC on Ethereum mainnet, where the on-ramp delivers. */
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
/** `balanceOf(address)` */
const BALANCE_OF = "0x70a08231";

/**
 * The wallet's USDC balance on Ethereum through the host's wagmi config (its chain 1 transport), as a decimal
 * string; rejects when the config has no chain 1. One raw `eth_call`, encoded here: viem's contract reader
 * (ABI coder, multicall batching, CCIP lookups) would add more to a partner's bundle than the whole checkout.
 * Loaded on demand once a purchase is delivered, so not even this is part of the checkout's first load.
 */
export async function readUsdcBalance(config: Config, owner: `0x${string}`): Promise<string> {
  const client = getClient(config, { chainId: 1 as never });
  if (!client) throw new Error("The wagmi config has no Ethereum (chain 1)");
  const data = `${BALANCE_OF}${owner.slice(2).toLowerCase().padStart(64, "0")}` as const;
  const result = (await client.request({
    method: "eth_call",
    params: [{ to: USDC, data }, "latest"],
  } as never)) as `0x${string}`;
  return formatUnits(BigInt(result === "0x" ? 0 : result), 6);
}
