import { createServer } from "node:net";

/** Resolves when 127.0.0.1:port can be bound; rejects with a message naming the port and its user. */
export async function assertPortFree(port: number, purpose: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new Error(
      `port ${port} (${purpose}) is already in use — another devnet may be running; ` +
        "stop it, or choose another --port-base",
    );
  }
}
