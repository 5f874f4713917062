import pino, { type DestinationStream, type Logger } from "pino";

/** stdout, buffered: one per process, flushed once at exit, however many apps the process builds (tests build many) */
let stdout: (DestinationStream & { flushSync(): void }) | undefined;
function destination() {
  if (!stdout) {
    // Buffered, asynchronous writes: request logging must not bound throughput.
    const d = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once("beforeExit", () => d.flushSync());
    stdout = d;
  }
  return stdout;
}

/**
 * JSON logs. Secrets never reach them because nothing passes them in: request logs carry method, path,
 * status and timing only — never headers (x-api-key) or bodies (credentials). A test guards this.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: "compass-api" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination(),
  );
}
