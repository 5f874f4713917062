import { defineConfig } from "vitest/config";

// Run from the repo root with `npx vitest run --root devnet` (or `npm test -w @compass/devnet`).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Each file starts its own devnet (anvil processes) on its own port base.
    testTimeout: 30_000,
    // A chain bootstrapping the earn protocols (Uniswap, Aave, Morpho) takes tens of seconds on a busy machine.
    hookTimeout: 180_000,
  },
});
