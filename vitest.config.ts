import { defineConfig } from "vitest/config";

const shared = ["**/node_modules/**", "**/dist/**", "**/.next/**", "stories/**", "e2e/**"];
const UNIT = ["{api,sdk,cli,mcp,widgets,devnet,settlement,scripts,bench,testkit,indexer}/**/*.test.{ts,tsx}"];
/** unit files that start devnets, twins, the index or package builds (CPU-heavy, timing-sensitive) */
const HEAVY = [
  "devnet/test/**/*.test.ts",
  "indexer/test/index.test.ts",
  "api/test/**/*-pin.test.ts",
  "api/test/v2/tokenized-assets/equity-relay-client.test.ts",
  "scripts/published-packages.test.ts",
  "sdk/test/entry-points.test.ts",
  "widgets/test/package.test.ts",
  "testkit/test/leak-check.test.ts",
  "testkit/test/new-operation.test.ts",
];
/** a named step of its own (`npm run test:mainnet-shape`): ~10,000 blocks of market activity, ~2 min on two cores */
const MAINNET_SHAPE = ["testkit/test/mainnet-shape.test.ts"];

/**
 * unit: no outside services (or starts its own, like the devnet tests).
 * integration (*.int.test.ts): runs against the stack `npm test` starts (COMPASS_TEST_* env).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: UNIT,
          exclude: [...shared, "**/*.int.test.*", ...HEAVY, ...MAINNET_SHAPE],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Loading a file's imports (viem, zod, the registry) took longer than its tests: 106 files, 125 s of imports
          // for 146 s of tests on one worker. Two workers, each loading a module once for all the files it runs; the
          // files clean up after themselves (vi.unstubAll*), so none sees another's state.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          // the unit files that start chains, twins, an index or package builds: one at a time (two at once on two
          // cores made their own timeouts)
          name: "unit-heavy",
          include: HEAVY,
          exclude: [...shared, "**/*.int.test.*", ...MAINNET_SHAPE],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          isolate: false,
          // after the light ones (vitest runs projects of different worker counts one group after another)
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // history on a chain grown like mainnet's, the event index against the log reader (docs/indexing.md)
          name: "mainnet-shape",
          include: MAINNET_SHAPE,
          exclude: shared,
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["{api,sdk,cli,mcp,widgets,devnet,settlement,scripts,app}/**/*.int.test.{ts,tsx}"],
          exclude: shared,
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // one after another against one stack, in one module graph: each file's imports (the SDK, viem, the
          // testkit) are loaded once, not once per file
          isolate: false,
        },
      },
    ],
  },
});
