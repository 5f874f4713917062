/**
 * The one progress line of `onramp buy` on stderr: redrawn in place on a terminal, and written only when the
 * status changes otherwise (logs and agents get one line per change, not one per poll).
 */
export function progressLine(write: (text: string) => void, tty: boolean) {
  let last = "";
  return {
    update(status: string, detail: string) {
      if (tty) write(`\r\x1b[2K${status} — ${detail}`);
      else if (status !== last) write(`${status} — ${detail}\n`);
      last = status;
    },
    done() {
      if (tty && last) write("\n");
    },
  };
}

export function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const WAITING: Record<string, string> = {
  pending: "waiting for the card payment",
  processing: "payment received, delivering USDC",
  delivered: "USDC delivered",
  failed: "payment failed",
  expired: "payment expired",
};
