import type { Context } from "../../../kernel/context.ts";
import type { CctpPorts } from "../../../protocols/cctp/index.ts";

export type CctpContext = Context<CctpPorts>;
