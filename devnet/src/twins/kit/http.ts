import type { IncomingMessage, ServerResponse } from "node:http";

/** A request body larger than this is refused (413) unless the twin asks for another limit. */
export const DEFAULT_BODY_LIMIT = 1 << 20;

/** An error with an HTTP status; the kit's server answers it as `{"error": message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request body as text; HttpError 413 once it grows past `limit` bytes (it is not buffered further). */
export async function readBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, "request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The body parsed as JSON (undefined when empty); HttpError 400 naming the syntax error when it is not JSON. */
export async function readJsonBody<T = unknown>(
  req: IncomingMessage,
  limit = DEFAULT_BODY_LIMIT,
): Promise<T | undefined> {
  const text = await readBody(req, limit);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}

export interface ReplyOptions {
  headers?: Record<string, string>;
  /** pretty-print with this many spaces (some APIs answer indented JSON) */
  indent?: number;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  options: ReplyOptions = {},
): void {
  res
    .writeHead(status, { "content-type": "application/json", ...options.headers })
    .end(JSON.stringify(body, null, options.indent));
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers }).end(text);
}
