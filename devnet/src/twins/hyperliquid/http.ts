import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson as sendKitJson, sendText as sendKitText } from "../kit/index.ts";
import { ShapeError } from "./signing/fields.ts";

/** The venue's reply conventions on top of the twin kit: CORS on every answer, unreadable JSON as a 422. */

/** The venue's API is called from browsers too (it sends permissive CORS headers). */
export const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "content-type, authorization",
};

/** The JSON body; one the venue cannot parse is its 422 "Failed to deserialize…" (a ShapeError). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ShapeError((error as Error).message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendKitJson(res, status, body, { headers: CORS });
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  sendKitText(res, status, text, CORS);
}

export function sendPreflight(res: ServerResponse): void {
  res.writeHead(204, CORS).end();
}
