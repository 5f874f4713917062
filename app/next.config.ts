import type { NextConfig } from "next";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@compass/api", "@compass/constants"],
  serverExternalPackages: ["pino", "ioredis"],
  // Types are checked by `npm run typecheck` (tsc -p . at the root, which includes the app); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default config;
