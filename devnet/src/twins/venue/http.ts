import type { IncomingMessage, ServerResponse } from "node:http";

/** Small HTTP helpers shared by the venue endpoints and the admin surface. */

const MAX_BODY = 1 << 20;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** plain-text body (the venue answers 422s as text), otherwise {error} JSON */
    readonly text = false,
  ) {
    super(message);
  }
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, "request body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(
      422,
      `Failed to deserialize the JSON body into the target type: ${(error as Error).message}`,
      true,
    );
  }
}

/** The venue's API is called from browsers too (it sends permissive CORS headers). */
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "content-type, authorization",
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", ...CORS }).end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...CORS }).end(text);
}

export function sendPreflight(res: ServerResponse): void {
  res.writeHead(204, CORS).end();
}
