import { buildOpenApi } from "@compass/api";
import { compass } from "../../lib/compass.ts";
import "./docs.css";
import { endpointsByTag, type OpenApiDoc } from "./openapi-view.ts";
import { EndpointSection, Inline, SchemaSection } from "./reference.tsx";

export const metadata = { title: "Compass API reference" };
export const dynamic = "force-dynamic";

/**
 * The API reference, rendered on the server from the same OpenAPI document `/v2/openapi.json` serves:
 * one render, readable before any script runs, and nothing fetched from another origin.
 */
export default function DocsPage() {
  const app = compass();
  const doc = buildOpenApi(app.operations, {
    env: app.config.env,
    serverUrl: app.config.publicUrl,
  }) as unknown as OpenApiDoc;
  const groups = endpointsByTag(doc);
  const server = doc.servers?.[0]?.url ?? "";
  return (
    <div className="docs">
      <nav className="docs-nav" aria-label="API reference">
        <a href="#introduction" className="docs-nav-title">
          {doc.info.title}
        </a>
        {groups.map((g) => (
          <div key={g.tag} className="docs-nav-group">
            <a href={`#tag-${g.tag}`} className="docs-nav-tag">
              {g.tag}
            </a>
            <ul>
              {g.endpoints.map((e) => (
                <li key={e.op.operationId}>
                  <a href={`#${e.op.operationId}`}>
                    <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span>
                    {e.op.summary}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <a href="#schemas" className="docs-nav-tag">
          schemas
        </a>
      </nav>
      <main className="docs-main">
        <section id="introduction" className="docs-intro">
          <h1>{doc.info.title}</h1>
          <p>
            <Inline text={doc.info.description ?? ""} />
          </p>
          <dl>
            <dt>Base URL</dt>
            <dd>
              <code>{server || "this server's origin"}</code> — the machine-readable document is{" "}
              <a href="/v2/openapi.json">
                <code>/v2/openapi.json</code>
              </a>
              .
            </dd>
            <dt>Authentication</dt>
            <dd>
              Send your key in the <code>x-api-key</code> header: a secret key from a server, or a publishable{" "}
              <code>pk_…</code> key from a browser (limited to the operations widgets use, from the origins
              the key lists).
            </dd>
            <dt>Errors</dt>
            <dd>
              Invalid input is <code>422</code> with{" "}
              <code>{'{"detail":[{"loc":[…],"msg":"…","type":"…"}]}'}</code> naming the field; operations with
              the domain envelope answer <code>{'{"error":"<label>","message":"…"}'}</code>. An outside system
              that cannot be reached is a <code>502</code> (<code>504</code> when it did not answer in time).
            </dd>
            <dt>Clients</dt>
            <dd>
              The TypeScript SDK <code>@compass/sdk</code>, the Python SDK <code>compass_api</code>, the{" "}
              <code>compass</code> CLI and the MCP tools at <code>/mcp</code> (one tool per operationId) are
              generated from the same operations.
            </dd>
          </dl>
        </section>
        {groups.map((g) => (
          <section
            key={g.tag}
            id={`tag-${g.tag}`}
            className="docs-tag"
            aria-labelledby={`tag-${g.tag}-title`}
          >
            <h2 id={`tag-${g.tag}-title`}>{g.tag}</h2>
            {g.description ? <p>{g.description}</p> : null}
            {g.endpoints.map((e) => (
              <EndpointSection key={e.op.operationId} doc={doc} endpoint={e} server={server} />
            ))}
          </section>
        ))}
        <SchemaSection doc={doc} />
      </main>
    </div>
  );
}
