import { createMcpHttpHandler } from "@compass/mcp";
import { handleApi } from "../../lib/compass.ts";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// Tools call the API in-process; the caller's x-api-key is forwarded by the handler.
const handler = createMcpHttpHandler({
  serverURL: "http://in-process",
  fetch: (input, init) => handleApi(new Request(input, init)),
});

export const GET = handler;
export const POST = handler;
export const DELETE = handler;
