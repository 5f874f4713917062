import { type Abi, decodeErrorResult, type Hex, isHex } from "viem";
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

function formatArgs(args: readonly unknown[] | undefined): string {
  return (args ?? []).map((a) => (typeof a === "bigint" ? a.toString() : String(a))).join(", ");
}

/** Human text for revert data, decoded against the ABIs of the contracts involved. */
export function describeRevert(data: Hex | undefined, abis: Abi[] = []): string {
  if (!data || data === "0x") return "reverted without a reason";
  for (const abi of [...abis, []]) {
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
