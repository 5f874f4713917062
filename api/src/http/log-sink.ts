import { write, writeSync } from "node:fs";

export interface LogSinkOptions {
  /** write once this much is buffered (bytes, approximately: UTF-16 length) */
  batchBytes?: number;
  /** and at the latest this long after the first line of a batch, however quiet the server */
  maxDelayMs?: number;
  /** past this much waiting (a stalled reader), new lines are dropped and counted, not kept */
  maxBufferedBytes?: number;
}

/**
 * Where log lines go: a file descriptor (stdout), written in batches. A busy server writes one batch per 64 kB of
 * lines instead of one per 4 kB (each write is a trip through libuv's thread pool and back); a quiet one still
 * shows a line within `maxDelayMs`, and an error line (pino level ≥ 50) is written at once. One write is in
 * flight at a time, partial writes and EAGAIN (a full non-blocking pipe) are resumed, and what is buffered is
 * written synchronously when the process exits.
 */
export class LogSink {
  private chunks: string[] = [];
  private size = 0;
  private inFlight = false;
  private timer: NodeJS.Timeout | undefined;
  private dropped = 0;
  private readonly batchBytes: number;
  private readonly maxDelayMs: number;
  private readonly maxBufferedBytes: number;

  constructor(
    private readonly fd: number,
    options: LogSinkOptions = {},
  ) {
    this.batchBytes = options.batchBytes ?? 64 * 1024;
    this.maxDelayMs = options.maxDelayMs ?? 200;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 16 * 1024 * 1024;
  }

  write(line: string): boolean {
    if (this.size > this.maxBufferedBytes) {
      this.dropped++;
      return true;
    }
    this.chunks.push(line);
    this.size += line.length;
    // pino's error and fatal lines start `{"level":50` / `{"level":60`: an operator sees those at once
    if (this.size >= this.batchBytes || line.startsWith('{"level":5') || line.startsWith('{"level":6'))
      this.flush();
    else this.timer ??= setTimeout(this.onTimer, this.maxDelayMs).unref();
    return true;
  }

  /** Start writing what is buffered (no-op while a write is in flight: its end picks the rest up). */
  flush(): void {
    if (this.inFlight || this.size === 0) return;
    this.writeOut(Buffer.from(this.take(), "utf8"));
  }

  /** Everything buffered, written before returning (process exit). */
  flushSync(): void {
    let data = Buffer.from(this.take(), "utf8");
    for (let attempts = 0; data.length > 0 && attempts < 1000; attempts++) {
      try {
        data = data.subarray(writeSync(this.fd, data));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      }
    }
  }

  private readonly onTimer = () => {
    this.timer = undefined;
    this.flush();
  };

  private take(): string {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    let text = this.chunks.join("");
    this.chunks = [];
    this.size = 0;
    if (this.dropped > 0) {
      text += `${JSON.stringify({ level: 40, time: new Date().toISOString(), msg: "log lines dropped: the log reader is not keeping up", dropped: this.dropped })}\n`;
      this.dropped = 0;
    }
    return text;
  }

  private writeOut(data: Buffer): void {
    this.inFlight = true;
    write(this.fd, data, 0, data.length, null, (error, written) => {
      if (error && error.code !== "EAGAIN") {
        // nowhere left to say it: the lines are lost, the server goes on
        this.inFlight = false;
        return;
      }
      const rest = data.subarray(error ? 0 : written);
      if (rest.length > 0) {
        if (error) setTimeout(() => this.writeOut(rest), 10).unref();
        else this.writeOut(rest);
        return;
      }
      this.inFlight = false;
      if (this.size >= this.batchBytes) this.flush();
      else if (this.size > 0) this.timer ??= setTimeout(this.onTimer, this.maxDelayMs).unref();
    });
  }
}
