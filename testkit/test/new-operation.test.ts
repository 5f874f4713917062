/**
 * A new operation added to the registry arrives complete on all four client surfaces with no hand edits:
 * operations registered only here are generated (TypeScript SDK, Python SDK, manifest) into a temp
 * directory, served by the real HTTP app, and called through the TypeScript SDK, the Python SDK (sync,
 * asyncio, iterator), the CLI and the MCP server.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createHttpApp, defineOperation, loadConfig, operations } from "@compass/api";
import { generatedFiles } from "@compass/api/generate";
import { run } from "@compass/cli";
import { createMcpServer } from "@compass/mcp";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";

const root = join(import.meta.dirname, "../..");
const ITEMS = ["a", "b", "c", "d", "e"].map((id) => ({ id, size: id.charCodeAt(0) }));
const received: { method: string; path: string; idempotencyKey: string | null }[] = [];

const count = z
  .string()
  .regex(/^[0-9]{1,6}$/)
  .transform(Number)
  .meta({ type: "integer" } as never);
const Item = z.object({ id: z.string(), size: z.int() }).meta({ id: "ProbeItem" });

/** Three operations of a group the registry does not have: a paged list, a path read, a create. */
const probe = [
  defineOperation({
    method: "GET",
    path: "/v2/test_probe/items",
    summary: "List probe items",
    query: z.object({
      offset: count.optional(),
      limit: count.optional(),
      kind: z.enum(["small", "big"]).optional(),
    }),
    response: z.object({ total: z.int(), offset: z.int(), limit: z.int(), items: z.array(Item) }),
    handler: ({ query }) => {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 2;
      return { total: ITEMS.length, offset, limit, items: ITEMS.slice(offset, offset + limit) };
    },
  }),
  defineOperation({
    method: "GET",
    path: "/v2/test_probe/items/{item_id}",
    summary: "One probe item",
    name: "item",
    params: z.object({ item_id: z.string() }),
    response: Item,
    handler: ({ params }) => ITEMS.find((i) => i.id === params.item_id) ?? ITEMS[0]!,
  }),
  defineOperation({
    method: "POST",
    path: "/v2/test_probe/create",
    summary: "Create a probe item",
    body: z.object({
      owner: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      amount: z.string().regex(/^\d+(\.\d+)?$/),
      rush: z.boolean().optional(),
    }),
    response: z.object({ id: z.string(), owner: z.string(), amount: z.string(), rush: z.boolean() }),
    cli: { short: { amount: "a" } },
    handler: ({ body }) => ({ id: "new", owner: body.owner, amount: body.amount, rush: body.rush ?? false }),
  }),
];
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let dir = "";
let url = "";
let server: ReturnType<typeof serve>;
let sdk: any;
let surface: any;

beforeAll(async () => {
  // 1. generate every surface for the registry plus the probe operations, into a temp copy of the packages
  dir = mkdtempSync(join(tmpdir(), "compass-newop-"));
  cpSync(join(root, "sdk/src"), join(dir, "sdk/src"), { recursive: true });
  cpSync(join(root, "python/compass_api"), join(dir, "python/compass_api"), { recursive: true });
  for (const [path, text] of Object.entries(generatedFiles([...operations, ...probe]))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  sdk = await import(pathToFileURL(join(dir, "sdk/src/index.ts")).href);
  surface = await import(pathToFileURL(join(dir, "sdk/src/manifest.ts")).href);
  // 2. the real HTTP app serves them (validation, idempotency, envelopes)
  const app = createHttpApp({ config: loadConfig({ COMPASS_ENV: "staging" }), operations: probe });
  const fetch = async (req: Request) => {
    received.push({
      method: req.method,
      path: new URL(req.url).pathname + new URL(req.url).search,
      idempotencyKey: req.headers.get("idempotency-key"),
    });
    return app.fetch(req);
  };
  server = serve({ fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((r) => (server.listening ? r() : server.once("listening", () => r())));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a new operation on every surface, no hand edits", () => {
  test("default: the generated SDK has the namespace, methods, iterator, standalone functions and entry point", async () => {
    const files = generatedFiles([...operations, ...probe]);
    expect(JSON.parse(files["sdk/package.json"]!).exports["./test-probe"]).toEqual({
      types: "./dist/generated/groups/test-probe.d.ts",
      import: "./dist/generated/groups/test-probe.js",
    });
    const client = new sdk.CompassClient({ serverURL: url });
    expect(await client.testProbe.item("c")).toEqual({ id: "c", size: 99 });
    const all: string[] = [];
    for await (const item of client.testProbe.iterateItems({ limit: 2 })) all.push(item.id);
    expect(all).toEqual(["a", "b", "c", "d", "e"]);
    const created = await sdk.testProbeCreate(new sdk.Transport({ serverURL: url }), {
      owner: OWNER,
      amount: "5",
    });
    expect(created).toEqual({ id: "new", owner: OWNER, amount: "5", rush: false });
    expect(received.at(-1)).toMatchObject({
      method: "POST",
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const bad = await client.testProbe.create({ owner: "0x1", amount: "5" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(sdk.ValidationError);
    expect(bad.fields).toEqual(["owner"]);
  });

  test("default: the generated TypeScript typechecks against the SDK runtime", () => {
    writeFileSync(
      join(dir, "sdk/use.ts"),
      `import { CompassClient } from "./src/index.ts";
const c = new CompassClient();
export async function use(): Promise<number> {
  const r = await c.testProbe.create({ owner: "0x", amount: "1", rush: true });
  const i = await c.testProbe.item("a");
  let n = r.amount.length + i.size;
  for await (const item of c.testProbe.iterateItems({ kind: "big" })) n += item.size;
  return n;
}
`,
    );
    writeFileSync(
      join(dir, "sdk/tsconfig.json"),
      JSON.stringify({
        extends: join(root, "tsconfig.base.json"),
        compilerOptions: { types: [], typeRoots: [join(root, "node_modules/@types")] },
        include: ["use.ts", "src"],
        exclude: ["src/**/*.test.ts"],
      }),
    );
    execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(dir, "sdk")], { stdio: "pipe" });
  }, 120_000);

  test("default: the Python SDK — sync, asyncio, iterator, checked keyword arguments", async () => {
    const script = `
import asyncio, json, sys
sys.path.insert(0, ${JSON.stringify(join(dir, "python"))})
from compass_api import CompassClient, AsyncCompassClient, ValidationError
c = CompassClient(server_url=${JSON.stringify(url)})
out = {"item": c.test_probe.item("b"), "ids": [i["id"] for i in c.test_probe.iterate_items(limit=2)]}
out["created"] = c.test_probe.create({"owner": ${JSON.stringify(OWNER)}}, amount="7", rush=True)
try:
    c.test_probe.create({"owner": ${JSON.stringify(OWNER)}}, amout="7")
except TypeError as e:
    out["typo"] = str(e)
try:
    c.test_probe.create({"owner": "0x1", "amount": "7"})
except ValidationError as e:
    out["fields"] = e.fields
out["async"] = asyncio.run(AsyncCompassClient(server_url=${JSON.stringify(url)}).test_probe.item("e"))
print(json.dumps(out))
`;
    // asynchronously: the API answering it runs on this process's event loop
    const out = JSON.parse((await promisify(execFile)("python3", ["-c", script])).stdout);
    expect(out).toEqual({
      item: { id: "b", size: 98 },
      ids: ["a", "b", "c", "d", "e"],
      created: { id: "new", owner: OWNER, amount: "7", rush: true },
      typo: expect.stringContaining("did you mean 'amount'"),
      fields: ["owner"],
      async: { id: "e", size: 101 },
    });
  }, 60_000);

  test("default: the CLI — group, commands, flags from the schema, help, completion", async () => {
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const io = {
        stdout: (t: string) => void out.push(t),
        stderr: (t: string) => void err.push(t),
        env: {},
      };
      const code = await run([...argv, "--server-url", url], io, surface);
      return { code, out: out.join(""), err: err.join("") };
    };
    const created = await cli("test-probe", "create", "--owner", OWNER, "-a", "9", "--rush", "-o", "json");
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out)).toEqual({ id: "new", owner: OWNER, amount: "9", rush: true });
    const item = await cli("test-probe", "item", "--item-id", "d", "-o", "json", "-q", ".size");
    expect(item.out.trim()).toBe("100");
    expect((await cli("test-probe", "items", "--kind", "big", "--limitt", "1")).err).toMatch(
      /Did you mean '--limit'/,
    );
    const help = await cli("test-probe", "items", "--help");
    expect(help.out).toMatch(/--kind <small\|big>/);
    const out: string[] = [];
    await run(
      ["__complete", "test-pr"],
      { stdout: (t) => void out.push(t), stderr: () => {}, env: {} },
      surface,
    );
    expect(out.join("")).toBe("test-probe");
  });

  test("default: the MCP server — tools, schemas, hints, idempotency key, instructions", async () => {
    const mcp = createMcpServer({
      manifest: surface.manifest,
      groups: surface.groups,
      client: { serverURL: url },
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "t", version: "1" });
    await Promise.all([mcp.connect(a), client.connect(b)]);
    const { tools } = await client.listTools();
    const create = tools.find((t) => t.name === "v2_test_probe_create")!;
    expect(create.annotations).toMatchObject({ readOnlyHint: false });
    expect((create.inputSchema as any).properties.owner.pattern).toBe("^0x[0-9a-fA-F]{40}$");
    expect((create.inputSchema as any).properties.idempotency_key).toBeDefined();
    expect(tools.find((t) => t.name === "v2_test_probe_items_item_id")?.annotations?.readOnlyHint).toBe(true);
    const r = await client.callTool({
      name: "v2_test_probe_create",
      arguments: { owner: OWNER, amount: "3", idempotency_key: "probe-1" },
    });
    expect(JSON.parse((r.content as any)[0].text)).toMatchObject({ id: "new", amount: "3" });
    expect(received.at(-1)).toMatchObject({ method: "POST", idempotencyKey: "probe-1" });
    expect(client.getInstructions()).toMatch(/test_probe/);
    await client.close();
  });
});
