import type { NextConfig } from "next";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@compass/api"],
  serverExternalPackages: ["pino", "ioredis"],
  // Types are checked by `npm run typecheck` (tsc -p app); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      {
        // The reference renderer would otherwise fetch web fonts and call a third-party search proxy:
        // a self-hosted, offline product keeps every request on its own origin.
        source: "/docs",
        headers: [
          {
            key: "Content-Security-Policy",
            value:
              "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'self'",
          },
        ],
      },
      {
        // The checkout handles payments: no other site may frame it (it frames the provider's card form).
        source: "/onramp/checkout",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default config;
