import { chromiumLaunchOptions } from "@compass/testkit/chromium";
import { defineConfig } from "@playwright/test";

/**
 * Runs against the stack `npm test` starts; Debian's chromium, one worker. Two projects: `staging` (every spec
 * but production.spec.ts, against COMPASS_TEST_URL) and `production` (production.spec.ts, against the
 * production-mode server at COMPASS_TEST_PROD_URL: keys required, no dev wallet).
 */
export default defineConfig({
  testDir: "./tests",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // `npm test` also asks for a JSON report, so its closing summary can name the failed tests
  reporter: process.env.COMPASS_E2E_REPORT
    ? [["list"], ["json", { outputFile: process.env.COMPASS_E2E_REPORT }]]
    : [["list"]],
  projects: [
    { name: "staging", testIgnore: /production\.spec\.ts$/ },
    {
      name: "production",
      testMatch: /production\.spec\.ts$/,
      use: { baseURL: process.env.COMPASS_TEST_PROD_URL ?? "http://127.0.0.1:3001" },
    },
  ],
  // `npm test` runs two parts at once (the specs that only read, the rest), each with its own directory
  outputDir: process.env.COMPASS_E2E_OUTPUT ?? "../test-results/e2e",
  use: {
    baseURL: process.env.COMPASS_TEST_URL ?? "http://127.0.0.1:3000",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions(),
  },
});
