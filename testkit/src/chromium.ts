/**
 * How every browser the tests and the bench start is launched: Debian's chromium (never a downloaded one), headless,
 * with the flags that keep it off this machine's closed network and every name but loopback unresolvable.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launch options for Playwright's chromium. */
export const chromiumLaunchOptions = () => ({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
