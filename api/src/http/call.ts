import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeaderReader } from "../kernel/context.ts";

/**
 * One HTTP request as the API reads it, whatever carries it: node:http directly (the shipped server's hot path)
 * or a Fetch `Request` (Next route handlers, tests, the MCP endpoint in process).
 */
export interface HttpCall {
  method: string;
  /** path and query, as sent */
  url: string;
  headers: HeaderReader;
  /** the peer's address, when the transport knows it */
  remoteAddress?: string;
  /** aborted when the caller goes away */
  signal: AbortSignal;
  /** the request body's bytes, or null when there is none */
  body: AsyncIterable<Uint8Array> | null;
}

export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A Fetch `Request` as an HttpCall. */
export function callFromRequest(request: Request): HttpCall {
  const u = request.url;
  // the path starts at the first "/" after the scheme's "//"
  const start = u.indexOf("/", u.indexOf("//") + 2);
  return {
    method: request.method,
    url: start === -1 ? "/" : u.slice(start),
    headers: request.headers,
    signal: request.signal,
    body: request.body as AsyncIterable<Uint8Array> | null,
  };
}

export function replyToResponse(reply: HttpReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

class NodeHeaders implements HeaderReader {
  constructor(private readonly raw: IncomingMessage["headers"]) {}
  get(name: string): string | null {
    const v = this.raw[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
}

/**
 * A node:http request/response pair served by `handle`, with no Fetch objects in between. The signal aborts when
 * the connection closes before the answer is written.
 */
export function nodeListener(handle: (call: HttpCall) => HttpReply | Promise<HttpReply>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const method = req.method ?? "GET";
    // the signal is made when first read (a handler passing it upstream): most answers never need one
    let controller: AbortController | undefined;
    const call: HttpCall = {
      method,
      url: req.url ?? "/",
      headers: new NodeHeaders(req.headers),
      remoteAddress: req.socket.remoteAddress,
      get signal() {
        if (!controller) {
          const c = new AbortController();
          controller = c;
          if (res.closed && !res.writableFinished) c.abort();
          else
            res.once("close", () => {
              if (!res.writableFinished) c.abort();
            });
        }
        return controller.signal;
      },
      body: method === "GET" || method === "HEAD" ? null : req,
    };
    const write = (reply: HttpReply) => {
      // a body not read to its end (one over the size limit) is not drained: the connection closes instead
      if (req.readableDidRead && !req.complete) reply.headers.connection = "close";
      // a known length: one write, no chunked framing
      if (reply.body !== null) reply.headers["content-length"] = String(Buffer.byteLength(reply.body));
      res.writeHead(reply.status, reply.headers).end(reply.body ?? undefined);
    };
    let reply: HttpReply | Promise<HttpReply>;
    try {
      reply = handle(call);
    } catch (error) {
      res.destroy(error as Error);
      return;
    }
    // an answer that needed no waiting is written in this turn
    if (reply instanceof Promise) reply.then(write, (error) => res.destroy(error));
    else write(reply);
  };
}
