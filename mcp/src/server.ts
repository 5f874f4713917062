import { type ClientOptions, CompassError, Transport } from "@compass/sdk";
import { manifest, type OperationManifest } from "@compass/sdk/manifest";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { inputShape, splitArgs, toolDescription } from "./tools.ts";

export const INSTRUCTIONS = `Compass API tools. Every tool is one API operation, named by its operationId.
- Reads (read-only) return chain or venue state. Builders return unsigned transactions or EIP-712 typed data: the user's own wallet signs them; these tools never hold keys or submit anything, except v2_perpetual_trading_execute and v2_tokenized_assets_order_submit, which submit a user-signed payload.
- Amounts are human-unit decimal strings (e.g. "100.5"), addresses are 0x hex.
- On-ramp: v2_onramp_quote → v2_onramp_create → give checkout_url to the user (payment needs a browser) → poll v2_onramp_status every few seconds until delivered or failed.
- Perpetual trading: a prepare tool (v2_perpetual_trading_market_order, _limit_order, _cancel_order, _withdraw, _set_leverage, …) returns {typed_data, action, nonce}; the user's wallet signs typed_data; then v2_perpetual_trading_execute with {action, nonce, signature}. Deposits: v2_perpetual_trading_deposit → the user signs the permit → v2_perpetual_trading_deposit_sponsor_prepare → the integrator's sponsor wallet broadcasts.
- Tokenized assets: v2_tokenized_assets_create_account → v2_tokenized_assets_transfer (DEPOSIT USDC) → v2_tokenized_assets_transact_buy; the user signs each returned transaction. The sandbox money-market fund (staging, ethereum_sepolia) settles async: shares arrive at the next NAV cycle — poll v2_tokenized_assets_redemptions; an account must first be approved in the issuer's connect portal (the 422 says how).
- Prefer filters (chain, provider, asset, limit) on list reads: unfiltered lists are large.
- Errors come back as the API's JSON body: 422 {"detail":[{"loc":[...],"msg":...}]} or {"error","message"} naming the field or cause.`;

export interface McpServerOptions {
  /** how to reach the API (serverURL, apiKeyAuth, fetch) */
  client?: ClientOptions;
  /** which operations become tools (default: all) */
  filter?: (op: OperationManifest) => boolean;
}

const shapes = new Map<string, ReturnType<typeof inputShape>>();

/** An MCP server with one tool per operation of the registry. */
export function createMcpServer(options: McpServerOptions = {}): McpServer {
  const transport = new Transport(options.client);
  const server = new McpServer({ name: "compass", version: "0.0.1" }, { instructions: INSTRUCTIONS });
  for (const op of manifest.filter(options.filter ?? (() => true))) {
    const shape = shapes.get(op.operationId) ?? inputShape(op);
    shapes.set(op.operationId, shape);
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
          const result = await transport.request(
            { id: op.operationId, method: op.method, path: op.path, idempotent: op.idempotent },
            splitArgs(op, args),
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
  return server;
}
