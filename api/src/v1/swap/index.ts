import type { Operation } from "../../kernel/registry/define.ts";
import { odos } from "./operations/odos.ts";

/** The v1 swap group (spec v1-capabilities.md §7): swaps routed by Odos. */
export const operations: Operation[] = [odos];
