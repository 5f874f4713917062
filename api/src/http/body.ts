import { ApiError, RequestValidationError } from "../kernel/errors.ts";
import { JsonSyntaxError, parseJson } from "../kernel/lib/json.ts";
import type { HttpCall } from "./call.ts";

export const NO_BODY = Symbol("no body");

/** Read a JSON request body, enforcing the size limit while streaming (no trust in Content-Length). */
export async function readJsonBody(
  call: Pick<HttpCall, "headers" | "body">,
  limitBytes: number,
): Promise<{ text: string; value: unknown }> {
  const declared = call.headers.get("content-length");
  if (declared && Number(declared) > limitBytes) throw tooLarge(limitBytes);
  const type = (call.headers.get("content-type") ?? "").toLowerCase();
  if (type && !type.includes("json") && !type.startsWith("text/plain")) {
    throw new ApiError(415, "Request body must be JSON (Content-Type: application/json)", {
      issues: [
        {
          loc: ["header", "content-type"],
          msg: "Content-Type must be application/json",
          type: "unsupported_media_type",
        },
      ],
    });
  }
  const text = await readText(call.body, limitBytes);
  if (text.trim() === "") return { text, value: NO_BODY };
  try {
    return { text, value: parseJson(text) };
  } catch (error) {
    const position = error instanceof JsonSyntaxError ? error.position : 0;
    const msg =
      error instanceof JsonSyntaxError ? `JSON decode error: ${error.message}` : "JSON decode error";
    throw new RequestValidationError([{ loc: ["body", position], msg, type: "json_invalid" }]);
  }
}

async function readText(body: AsyncIterable<Uint8Array> | null, limitBytes: number): Promise<string> {
  if (!body) return "";
  // iterated by hand: on overflow the rest is left unread (the transport closes the connection after the 413)
  // rather than the stream destroyed before the answer is written
  const chunks: Uint8Array[] = [];
  let size = 0;
  const it = body[Symbol.asyncIterator]();
  for (;;) {
    const { done, value } = await it.next();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) throw tooLarge(limitBytes);
    chunks.push(value);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    return decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  } catch {
    throw new RequestValidationError([
      { loc: ["body"], msg: "Request body is not valid UTF-8", type: "json_invalid" },
    ]);
  }
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError(413, `Request body exceeds the limit of ${limitBytes} bytes`);
}
