export { parseArgv } from "./argv.ts";
export type { Globals, Io } from "./context.ts";
export { EXTRA_COMMANDS, type ExtraCommand } from "./extras.ts";
export { nodeIo } from "./node-io.ts";
export { run, VERSION } from "./run.ts";
