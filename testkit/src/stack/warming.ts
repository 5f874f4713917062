/**
 * What a launcher is still doing after its servers answer (`npm start`: the pages' build, the declarations), written
 * to a file the servers read (`COMPASS_WARMING_FILE`): `/healthz` lists it, and the app serves its pages once their
 * build is done. The format is the app's (`app/lib/warming.ts` reads it).
 */
import { renameSync, writeFileSync } from "node:fs";

export interface WarmingItem {
  /** a stable name: "pages" is the one the app's server waits for before serving its pages */
  name: string;
  /** what it is, for people */
  what: string;
  /** when it started (ms since the epoch) */
  since: number;
}

export interface WarmingFailure extends WarmingItem {
  error: string;
}

export interface WarmingBoard {
  readonly file: string;
  start(name: string, what: string): void;
  done(name: string): void;
  fail(name: string, error: string): void;
  /** what is still running */
  running(): WarmingItem[];
  failed(): WarmingFailure[];
}

export function warmingBoard(file: string): WarmingBoard {
  const running = new Map<string, WarmingItem>();
  const failed = new Map<string, WarmingFailure>();
  const write = () => {
    const tmp = `${file}.tmp`;
    writeFileSync(
      tmp,
      `${JSON.stringify({ warming: [...running.values()], failed: [...failed.values()] })}\n`,
    );
    renameSync(tmp, file);
  };
  write();
  return {
    file,
    start(name, what) {
      failed.delete(name);
      running.set(name, { name, what, since: Date.now() });
      write();
    },
    done(name) {
      running.delete(name);
      write();
    },
    fail(name, error) {
      const item = running.get(name) ?? { name, what: name, since: Date.now() };
      running.delete(name);
      failed.set(name, { ...item, error });
      write();
    },
    running: () => [...running.values()],
    failed: () => [...failed.values()],
  };
}
