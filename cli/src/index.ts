export { parseArgv } from "./argv.ts";
export { complete, completionScript } from "./completion.ts";
export { configPath } from "./config.ts";
export type { Globals, Io } from "./context.ts";
export type { ExtraCommand } from "./extra-command.ts";
export { EXTRA_COMMANDS } from "./extras.ts";
export { EXIT_PENDING } from "./help.ts";
export { nodeIo } from "./node-io.ts";
export { run, type Surface, VERSION } from "./run.ts";
