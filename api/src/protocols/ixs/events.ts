import { parseAbiItem } from "viem";

/** The vault's redemption request events, each indexed by controller. */
export const REDEEM_REQUESTED = parseAbiItem(
  "event RedeemRequest(address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares)",
);
export const REDEEM_FINALIZED = parseAbiItem(
  "event RedeemFinalized(uint256 indexed requestId, address indexed controller, uint256 shares, uint256 assets, uint256 fee)",
);
export const REDEEM_REJECTED = parseAbiItem(
  "event RedeemRejected(uint256 indexed requestId, address indexed controller, uint256 shares)",
);
