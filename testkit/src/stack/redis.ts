/** A throwaway redis-server (Debian's) for the multi-instance tests: no persistence, loopback only. */
import type { ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { run, stop } from "./proc.ts";

/** Starts redis-server on `port` and resolves once it accepts connections; stop it with `stop()`. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = run("/usr/bin/redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  try {
    await waitForRedis(port);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return child;
}

async function waitForRedis(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = createConnection({ port, host: "127.0.0.1" }, () => {
        sock.end("PING\r\n");
        resolve(true);
      });
      sock.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis did not start on ${port}`);
}
