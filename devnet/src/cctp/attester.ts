import { keccak256, toBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The devnet's CCTP attester: a key that only signs attestations (it never sends a transaction, so it needs no
 * funds or account slot). Derived from a fixed label, so every devnet enables the same attester and the
 * attestation twin signs with it. Public knowledge — a local devnet only.
 */
export const CCTP_ATTESTER_KEY = keccak256(toBytes("compass.devnet.cctp-attester"));
export const cctpAttester = () => privateKeyToAccount(CCTP_ATTESTER_KEY);
