import type { ClientOptions } from "@compass/sdk";
import { manifest } from "@compass/sdk/manifest";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { intersect, parseBool, parseList, selectOperations } from "./select.ts";
import { createMcpServer, exposedOperations, type McpServerOptions } from "./server.ts";

/** Per-request tool selection: query `?tools=a,b&read_only=1` or headers `x-compass-mcp-tools` / `x-compass-mcp-read-only`. */
export const TOOLS_HEADER = "x-compass-mcp-tools";
export const READ_ONLY_HEADER = "x-compass-mcp-read-only";

/**
 * Streamable HTTP endpoint (stateless): each request gets a server bound to the caller's `x-api-key`,
 * which is forwarded to the API and never stored. `server` sets the most this endpoint exposes (tools,
 * readOnly); a request may narrow it with `?tools=…&read_only=1` or the matching headers, never widen it.
 */
export function createMcpHttpHandler(
  client: Omit<ClientOptions, "apiKeyAuth"> = {},
  server: Omit<McpServerOptions, "client" | "operations"> = {},
): (request: Request) => Promise<Response> {
  const ceiling = exposedOperations(server);
  return async (request) => {
    const apiKeyAuth = request.headers.get("x-api-key") ?? undefined;
    const url = new URL(request.url);
    const tools = parseList(url.searchParams.get("tools") ?? request.headers.get(TOOLS_HEADER));
    const readOnly = parseBool(url.searchParams.get("read_only") ?? request.headers.get(READ_ONLY_HEADER));
    let operations = ceiling;
    if (tools || readOnly) {
      try {
        operations = intersect(ceiling, selectOperations(server.manifest ?? manifest, { tools, readOnly }));
      } catch (error) {
        return Response.json(
          { jsonrpc: "2.0", error: { code: -32602, message: (error as Error).message }, id: null },
          { status: 400 },
        );
      }
    }
    const mcp = createMcpServer({ ...server, client: { ...client, apiKeyAuth }, operations });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await mcp.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      void mcp.close();
    }
  };
}
