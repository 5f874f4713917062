import { type NextRequest, NextResponse } from "next/server";
import { securityHeaders } from "./lib/security-headers.ts";

/**
 * Security headers on every page, computed per request from configuration (frame ancestors for the hosted
 * checkout, RPC and provider origins). The nonce is passed to Next so its own scripts carry it.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders(request.nextUrl.pathname, nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("content-security-policy", headers["content-security-policy"]!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

export const config = {
  // pages only: API routes (/v1, /v2, /mcp, /api) answer JSON; static assets are immutable files
  matcher: ["/((?!v1|v2|mcp|api|_next/static|_next/image|favicon.ico|healthz).*)"],
};
