import pino, { type Logger } from "pino";

/**
 * JSON logs. Secrets never reach them because nothing passes them in: request logs carry method, path,
 * status and timing only — never headers (x-api-key) or bodies (credentials). A test guards this.
 */
export function createLogger(level: string): Logger {
  // Buffered, asynchronous writes: request logging must not bound throughput.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  process.once("beforeExit", () => destination.flushSync());
  return pino(
    {
      level,
      base: { service: "compass-api" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
