/** Shape of each entry of the generated operation manifest (read by the CLI and the MCP server). */
type Json = Record<string, any>;

export interface OperationManifest {
  operationId: string;
  group: string;
  namespace: string;
  name: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  description?: string;
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  errorModel: "validation" | "domain" | "mixed";
  params: { name: string; in: "path" | "query"; required: boolean; description?: string; schema: Json }[];
  body: Json | null;
  /** `table`: where `-o table` finds rows in a response that is no list (`*name` = a map's entries, key as column) */
  cli: { command: string; aliases: string[]; short: Record<string, string>; table?: string };
  mcpName: string;
  bodyRef: string | null;
  responseRef: string | null;
  /** a paged list: SDKs add an async iterator over its items */
  pagination: Pagination | null;
  /** the answer carries a `simulation`: what signing it does to the signer's balances, simulated first */
  simulated: boolean;
}

export type Pagination =
  | { style: "offset"; itemsKey: string }
  | { style: "cursor"; itemsKey: string; cursorParam: string; nextKey: string };

export interface GroupManifest {
  group: string;
  namespace: string;
  cli: string;
  cliAlias?: string;
  description: string;
  /** how an agent chains the group's operations (MCP instructions) */
  workflow?: string;
}
