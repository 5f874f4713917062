import { type Abi, decodeErrorResult, type Hex, isHex, parseAbi } from "viem";
import { DomainError } from "../errors.ts";

/** A transaction we were about to return reverts in simulation: a 4xx naming the reason, never a tx. */
export class RevertError extends DomainError {
  constructor(
    readonly reason: string,
    status = 422,
  ) {
    super(status, "Transaction would revert", `Simulation reverted: ${reason}`);
  }
}

/** The revert payload carried somewhere in a viem error's cause chain, if any. */
export function revertDataOf(error: unknown): Hex | undefined {
  for (let e: any = error, depth = 0; e && depth < 10; e = e.cause, depth++) {
    const data = typeof e.data === "string" ? e.data : e.data?.data;
    if (typeof data === "string" && isHex(data) && data.length >= 10) return data as Hex;
  }
  return undefined;
}

/** Safe v1.4.1 require() codes worth explaining to a user. */
const SAFE_CODES: Record<string, string> = {
  GS013: "the account's inner call failed",
  GS020: "signatures data too short",
  GS025: "the signer is not the owner of the account",
  GS026: "invalid owner signature (signer is not an owner)",
  GS010: "not enough gas to execute the Safe transaction",
};

/**
 * Errors common enough across tokens and vaults to name wherever they surface (a v1 write to any vault or token
 * the registry has never seen): OpenZeppelin 5's ERC-20 and ERC-4626 errors, and the vault-specific ones of
 * vaults the API serves (Ethena's staked USDe).
 */
const KNOWN_ERRORS = parseAbi([
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
  "error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)",
  "error ERC4626ExceededMaxMint(address receiver, uint256 shares, uint256 max)",
  "error ERC4626ExceededMaxWithdraw(address owner, uint256 assets, uint256 max)",
  "error ERC4626ExceededMaxRedeem(address owner, uint256 shares, uint256 max)",
  "error OperationNotAllowed()",
  "error MinSharesViolation()",
  "error InvalidCooldown()",
  "error ExcessiveWithdrawAmount()",
  "error ExcessiveRedeemAmount()",
  "error StillVesting()",
]);

function formatArgs(args: readonly unknown[] | undefined): string {
  return (args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : String(a))).join(", ");
}

/** Human text for revert data, decoded against the ABIs of the contracts involved. */
export function describeRevert(data: Hex | undefined, abis: Abi[] = []): string {
  if (!data || data === "0x") return "reverted without a reason";
  for (const abi of [...abis, KNOWN_ERRORS as Abi, []]) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      if (decoded.errorName === "Error") {
        const text = String(decoded.args?.[0] ?? "");
        return SAFE_CODES[text] ? `${SAFE_CODES[text]} (${text})` : text;
      }
      return `${decoded.errorName}(${formatArgs(decoded.args as readonly unknown[])})`;
    } catch {
      // not this ABI's error; try the next
    }
  }
  return `reverted with data ${data.slice(0, 74)}${data.length > 74 ? "…" : ""}`;
}
