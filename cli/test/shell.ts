import { execFile } from "node:child_process";
import { join } from "node:path";
import { testEnv } from "@compass/testkit/live";

/**
 * The CLI as a shell user runs it against the live stack: `compass …`, or any node script, with stdin and
 * environment (e.g. another server's URL and key) if given.
 */
export const compassBin = join(import.meta.dirname, "../bin/compass.mjs");

export function run(bin: string, args: string[], input?: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, COMPASS_SERVER_URL: testEnv().url, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as any).code ?? 1) : 0, stdout, stderr }),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

export const compass = (...args: string[]) => run(compassBin, args);
