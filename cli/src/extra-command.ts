import type { ParsedArgs } from "./argv.ts";
import type { Globals, Io } from "./context.ts";

/** A hand-written command attached under a generated group (e.g. `compass onramp buy`). */
export interface ExtraCommand {
  name: string;
  aliases?: string[];
  summary: string;
  help: string;
  /** every flag the command accepts besides the global ones (long names); others are refused */
  flags: string[];
  /** flags that are switches (take no value) */
  switches?: string[];
  run: (args: ParsedArgs, g: Globals, io: Io) => Promise<number>;
}
