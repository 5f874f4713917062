export { createMcpHttpHandler, READ_ONLY_HEADER, TOOLS_HEADER } from "./http.ts";
export { buildInstructions, namedTools } from "./instructions.ts";
export { selectOperations, type ToolSelection } from "./select.ts";
export {
  createMcpServer,
  exposedOperations,
  INSTRUCTIONS,
  type McpServerOptions,
  VERSION,
} from "./server.ts";
export { IDEMPOTENCY_ARG, inputShape } from "./tools.ts";
