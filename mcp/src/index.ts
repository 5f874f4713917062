export { createMcpHttpHandler } from "./http.ts";
export { createMcpServer, INSTRUCTIONS, type McpServerOptions } from "./server.ts";
