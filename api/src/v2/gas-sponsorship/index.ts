import type { Operation } from "../../kernel/registry/define.ts";
import { approveTransfer } from "./operations/approve-transfer.ts";
import { prepare } from "./operations/prepare.ts";

/** Sponsor-paid execution of owner-signed payloads (SafeTx, Permit2). */
export const operations: Operation[] = [prepare, approveTransfer];
