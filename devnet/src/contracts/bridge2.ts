import { bridge2Abi } from "@compass/constants";
import { parseAbi } from "viem";

export { BRIDGE2 } from "@compass/constants";

/**
 * Bridge2Twin's ABI: the real Bridge2's deposit interface (shared with the API) plus the twin's own
 * operator payout, which stands in for the validators' withdrawal cycle. test/artifacts.test.ts checks
 * every entry exists in the compiled contract.
 */
export const bridge2TwinAbi = [
  ...bridge2Abi,
  ...parseAbi([
    "function initialize(address usdc, address venueOperator)",
    "function initialized() view returns (bool)",
    "function operator() view returns (address)",
    "function usdcToken() view returns (address)",
    "function payout(uint256 id, address destination, uint64 usd)",
    "function payoutPaid(uint256 id) view returns (bool)",
    "event PayoutPaid(uint256 indexed id, address indexed destination, uint64 usd)",
  ]),
] as const;
