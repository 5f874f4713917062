import pino, { type Logger } from "pino";

/** JSON logs. Secrets never reach them: headers and bodies are not logged, and known secret keys are redacted. */
export function createLogger(level: string): Logger {
  // Buffered, asynchronous writes: request logging must not bound throughput.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  process.once("beforeExit", () => destination.flushSync());
  return pino(
    {
      level,
      base: { service: "compass-api" },
      redact: {
        paths: [
          "*.apiKey",
          "*.api_key",
          "*.privateKey",
          "*.client_secret",
          "*.password",
          "*.wisdomtree",
          "headers",
          "*.headers",
        ],
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
