/**
 * Debian's nginx as the load balancer in front of API instances: round robin over keep-alive upstream connections,
 * and a request whose instance fails before answering (refused, reset, 502) goes to the next one — POSTs included:
 * every write of this API only builds a transaction (nothing is sent), and those that create state take an
 * Idempotency-Key that the instances share through Redis.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run, stop, waitForHttp } from "./proc.ts";
import { ensureNginx } from "./system.ts";

export interface Balancer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function nginxConfig(o: { port: number; upstreams: string[]; dir: string }): string {
  const servers = o.upstreams
    .map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  return `daemon off;
master_process on;
worker_processes 1;
pid ${join(o.dir, "nginx.pid")};
error_log ${join(o.dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(o.dir, "body")};
  proxy_temp_path ${join(o.dir, "proxy")};
  fastcgi_temp_path ${join(o.dir, "fastcgi")};
  uwsgi_temp_path ${join(o.dir, "uwsgi")};
  scgi_temp_path ${join(o.dir, "scgi")};
  upstream compass {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${o.port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://compass;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout http_502 non_idempotent;
      proxy_next_upstream_tries 2;
      # which instance answered: the scale-out checks read it (a deployment may drop it)
      add_header x-upstream $upstream_addr always;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

/** Starts nginx on `port` balancing over `upstreams` (base URLs); resolves once it answers. */
export async function startNginx(o: { port: number; upstreams: string[]; dir: string }): Promise<Balancer> {
  const bin = ensureNginx();
  mkdirSync(o.dir, { recursive: true });
  const conf = join(o.dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(o));
  const child = run(bin, ["-c", conf, "-e", join(o.dir, "error.log")]);
  const url = `http://127.0.0.1:${o.port}`;
  await waitForHttp(`${url}/healthz`, { child, timeoutMs: 20_000 });
  return { url, child, stop: () => stop(child) };
}
