/**
 * Server side: whether the wagmi cookie (`wagmi.store`, written by the app's cookie storage) holds a
 * connection from an earlier visit, so the page loads the wallet layer at once to reconnect it. Any other
 * visitor gets pages without the wallet layer until they connect one.
 */
export function hasStoredConnection(cookie: string | null): boolean {
  const entry = cookie
    ?.split(/;\s*/)
    .find((c) => c.startsWith("wagmi.store="))
    ?.slice("wagmi.store=".length);
  if (!entry) return false;
  try {
    const text = entry.startsWith("%7B") ? decodeURIComponent(entry) : entry;
    // wagmi serializes the connections Map as {"__type":"Map","value":[[uid, connection], …]}
    const connections = JSON.parse(text)?.state?.connections;
    return Array.isArray(connections?.value) && connections.value.length > 0;
  } catch {
    return false;
  }
}
