/**
 * Twins that run on devnet time may implement `POST /_twin/tick` (with the twin's API key): the devnet
 * calls it after moving the clock, so time-driven work (a fund's NAV cycle) happens before
 * `time advance` returns instead of at the twin's next poll. Twins without it answer 404, which is fine.
 */
export async function notifyTwinsOfTime(
  twins: Record<string, { url: string; apiKey?: string }>,
): Promise<void> {
  await Promise.allSettled(
    Object.values(twins).map((twin) =>
      fetch(`${twin.url}/_twin/tick`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(twin.apiKey ? { "x-api-key": twin.apiKey } : {}) },
        body: "{}",
        signal: AbortSignal.timeout(30_000),
      }).then((r) => r.body?.cancel()),
    ),
  );
}
