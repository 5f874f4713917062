import pino, { type Logger } from "pino";

/** JSON logs. Secrets never reach them: headers and bodies are not logged, and known secret keys are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "compass-api" },
    redact: {
      paths: ["*.apiKey", "*.api_key", "*.privateKey", "*.client_secret", "*.password", "*.wisdomtree", "headers", "*.headers"],
      censor: "[redacted]",
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
