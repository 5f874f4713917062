export { parseArgv } from "./argv.ts";
export type { Globals, Io } from "./context.ts";
export type { ExtraCommand } from "./extra-command.ts";
export { EXTRA_COMMANDS } from "./extras.ts";
export { nodeIo } from "./node-io.ts";
export { run, VERSION } from "./run.ts";
