import type { ClientOptions } from "@compass/sdk";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./server.ts";

/**
 * Streamable HTTP endpoint (stateless): each request gets a server bound to the caller's `x-api-key`,
 * which is forwarded to the API and never stored.
 */
export function createMcpHttpHandler(
  client: Omit<ClientOptions, "apiKeyAuth"> = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const apiKeyAuth = request.headers.get("x-api-key") ?? undefined;
    const server = createMcpServer({ client: { ...client, apiKeyAuth } });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      void server.close();
    }
  };
}
