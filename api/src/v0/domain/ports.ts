import type { Context } from "../../kernel/context.ts";
import type { Operation } from "../../kernel/registry/define.ts";

/**
 * v0 is served by the current operations: the registry hands them over by operationId (`operations(current)` in
 * index.ts), so v0 imports no other capability and a fix in v1 reaches v0.
 */
export interface V0Ports {
  current: ReadonlyMap<string, Operation>;
}

export type V0Context = Context<V0Ports>;
