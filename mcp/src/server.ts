import { type ClientOptions, CompassError, Transport } from "@compass/sdk";
import {
  type GroupManifest,
  type OperationManifest,
  groups as registryGroups,
  manifest as registryManifest,
} from "@compass/sdk/manifest";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { buildInstructions } from "./instructions.ts";
import { selectOperations, type ToolSelection } from "./select.ts";
import { inputShape, jsonInputSchema, splitArgs, toolDescription } from "./tools.ts";

export const VERSION = "0.0.1";

/** The instructions a server exposing every default tool sends. */
export const INSTRUCTIONS = buildInstructions(selectOperations(registryManifest), registryGroups);

export interface McpServerOptions extends ToolSelection {
  /** how to reach the API (serverURL, apiKeyAuth, fetch) */
  client?: ClientOptions;
  /** further narrows which operations become tools */
  filter?: (op: OperationManifest) => boolean;
  /** the operations and groups to serve (default: the SDK's manifest; tests pass their own) */
  manifest?: OperationManifest[];
  groups?: GroupManifest[];
  /** the exact operations to expose, already selected (overrides tools/readOnly/filter) */
  operations?: OperationManifest[];
}

const shapes = new WeakMap<OperationManifest, ReturnType<typeof inputShape>>();

/** The operations a server built with these options exposes. */
export function exposedOperations(options: McpServerOptions = {}): OperationManifest[] {
  if (options.operations) return options.operations;
  return selectOperations(options.manifest ?? registryManifest, options).filter(
    options.filter ?? (() => true),
  );
}

/** An MCP server with one tool per selected operation of the registry. */
export function createMcpServer(options: McpServerOptions = {}): McpServer {
  const transport = new Transport(options.client);
  const ops = exposedOperations(options);
  const server = new McpServer(
    { name: "compass", version: VERSION },
    { instructions: buildInstructions(ops, options.groups ?? registryGroups) },
  );
  for (const op of ops) {
    const shape = shapes.get(op) ?? inputShape(op);
    shapes.set(op, shape);
    server.registerTool(
      op.mcpName,
      {
        title: op.summary,
        description: toolDescription(op),
        inputSchema: shape,
        annotations: {
          readOnlyHint: op.readOnly,
          destructiveHint: op.destructive,
          idempotentHint: op.idempotent,
          openWorldHint: true,
        },
      },
      async (args: Record<string, unknown>) => {
        try {
          const { idempotencyKey, ...input } = splitArgs(op, args);
          const result = await transport.request(
            { id: op.operationId, method: op.method, path: op.path, idempotent: op.idempotent },
            input,
            { idempotencyKey },
          );
          return { content: [{ type: "text" as const, text: JSON.stringify(result, null, 2) }] };
        } catch (error) {
          const body =
            error instanceof CompassError
              ? (error.body ?? { error: error.kind, message: error.shortMessage })
              : { error: "internal", message: String(error) };
          const status = error instanceof CompassError ? error.status : 0;
          return {
            isError: true,
            content: [
              {
                type: "text" as const,
                text: JSON.stringify(
                  { status, ...(typeof body === "object" && body ? body : { message: body }) },
                  null,
                  2,
                ),
              },
            ],
          };
        }
      },
    );
  }
  advertiseRegistrySchemas(server, ops);
  return server;
}

type Handler = (
  request: unknown,
  extra: unknown,
) => Promise<{ tools: { name: string; inputSchema: unknown }[] }>;

/**
 * tools/list answers each tool's input schema from the registry's JSON Schema rather than a round trip
 * through zod, which drops formats it does not know and reshapes unions. Calls are still validated by
 * the zod shape (patterns included) and then by the API.
 */
function advertiseRegistrySchemas(server: McpServer, ops: OperationManifest[]): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  const list = handlers?.get("tools/list");
  if (!list) return;
  const schemas = new Map(ops.map((op) => [op.mcpName, jsonInputSchema(op)]));
  server.server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    const answer = await list(request, extra);
    return {
      ...answer,
      tools: answer.tools.map((t) => ({ ...t, inputSchema: schemas.get(t.name) ?? t.inputSchema })),
    } as never;
  });
}
