import type { NextConfig } from "next";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@compass/api", "@compass/constants"],
  serverExternalPackages: ["pino", "ioredis"],
  // Types are checked by `npm run typecheck` (tsc -p . at the root, which includes the app); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Turbopack's build cache makes the next build of a checkout faster; a CI run builds once from a clean clone,
  // and writing the cache cost it ~11 s of its 65 s build step.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
};

export default config;
