import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "./server.ts";

/** `compass-mcp`: the tools over stdio, reaching the API at $COMPASS_SERVER_URL with $COMPASS_API_KEY_AUTH. */
export async function main(): Promise<void> {
  const server = createMcpServer({
    client: { serverURL: process.env.COMPASS_SERVER_URL, apiKeyAuth: process.env.COMPASS_API_KEY_AUTH },
  });
  await server.connect(new StdioServerTransport());
}
