import { Fragment } from "react";
import {
  camel,
  type Endpoint,
  exampleOf,
  type Field,
  fieldsOf,
  type OpenApiDoc,
  parameterFields,
  resolve,
  type Schema,
  snake,
} from "./openapi-view.ts";

/** Text with `code` spans, as the operations' descriptions write it. */
export function Inline({ text }: { text: string }) {
  // parts keyed by their offset in the text: stable, and unique
  let offset = 0;
  const parts = text.split(/(`[^`]+`)/).map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <>
      {parts.map(({ part, at }) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={at}>{part.slice(1, -1)}</code>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function FieldTable({
  fields,
  caption,
  withIn,
}: {
  fields: (Field & { in?: string })[];
  caption: string;
  withIn?: boolean;
}) {
  if (!fields.length) return null;
  return (
    <table className="docs-fields">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">field</th>
          {withIn ? <th scope="col">in</th> : null}
          <th scope="col">type</th>
          <th scope="col">description</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={`${f.in ?? ""}${f.name}`}>
            <th scope="row">
              <code>{f.name}</code>
              {f.required ? <span className="req">required</span> : null}
            </th>
            {withIn ? <td>{f.in}</td> : null}
            <td className="type">{f.ref ? <a href={`#schema-${f.ref}`}>{f.type}</a> : f.type}</td>
            <td>
              {f.description ? <Inline text={f.description} /> : null}
              {f.constraints.length ? (
                <span className="constraints"> {f.constraints.join(" · ")}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function samples(doc: OpenApiDoc, e: Endpoint, server: string) {
  const params = e.op.parameters ?? [];
  const query = params.filter((p) => p.in === "query" && p.required);
  const pathParams = params.filter((p) => p.in === "path");
  let path = e.path;
  const value = (p: { name: string; schema: Schema }) => exampleOf(doc, p.schema, 0, p.name);
  for (const p of pathParams) path = path.replace(`{${p.name}}`, String(value(p)));
  const qs = query.map((p) => `${p.name}=${encodeURIComponent(String(value(p)))}`).join("&");
  const bodySchema = e.op.requestBody?.content["application/json"]?.schema;
  const body = bodySchema ? exampleOf(doc, bodySchema) : undefined;
  const json = body === undefined ? "" : JSON.stringify(body, null, 2);
  const url = `${server || "http://127.0.0.1:3000"}${path}${qs ? `?${qs}` : ""}`;
  const curl = [
    `curl ${e.method === "GET" ? "" : `-X ${e.method} `}'${url}' \\`,
    `  -H 'x-api-key: $COMPASS_API_KEY'${json ? " \\" : ""}`,
    ...(json ? ["  -H 'content-type: application/json' \\", `  -d '${JSON.stringify(body)}'`] : []),
  ].join("\n");
  const x = e.op["x-compass"];
  const group = camel(x?.group ?? "");
  const name = x?.name ?? "";
  const queryObject = Object.fromEntries(query.map((p) => [p.name, value(p)]));
  const positional = pathParams.map((p) => JSON.stringify(value(p)));
  const jsObject = (text: string) => text.replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, "$1$2:");
  const tsArgs = [
    ...positional,
    ...(json ? [jsObject(json)] : qs ? [jsObject(JSON.stringify(queryObject, null, 2))] : []),
  ];
  const ts = `const result = await client.${group}.${name}(${tsArgs.join(", ")});`;
  const pyKwargs = Object.entries(queryObject).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  const pyArgs = [
    ...positional,
    ...(json
      ? [
          json
            .replace(/\bfalse\b/g, "False")
            .replace(/\btrue\b/g, "True")
            .replace(/\bnull\b/g, "None"),
        ]
      : []),
    ...pyKwargs,
  ];
  const py = `result = client.${x?.group ?? ""}.${snake(name)}(${pyArgs.join(", ")})`;
  return { curl, ts, py };
}

export function EndpointSection({
  doc,
  endpoint: e,
  server,
}: {
  doc: OpenApiDoc;
  endpoint: Endpoint;
  server: string;
}) {
  const body = e.op.requestBody?.content["application/json"]?.schema;
  const ok = e.op.responses["200"]?.content?.["application/json"]?.schema;
  const errors = Object.entries(e.op.responses).filter(([status]) => status !== "200");
  const s = samples(doc, e, server);
  // a write that answers something to sign leads with what signing it does
  const simulation = resolve(doc, ok).properties?.simulation;
  const bodyName = body?.$ref ? body.$ref.split("/").pop() : undefined;
  const okName = ok?.$ref ? ok.$ref.split("/").pop() : undefined;
  return (
    <article id={e.op.operationId} className="docs-op" aria-labelledby={`${e.op.operationId}-title`}>
      <h3 id={`${e.op.operationId}-title`}>{e.op.summary}</h3>
      <p className="docs-route">
        <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span> <code>{e.path}</code>
        <span className="opid">
          operationId <code>{e.op.operationId}</code>
        </span>
      </p>
      {e.op.description ? (
        <p>
          <Inline text={e.op.description} />
        </p>
      ) : null}
      <div className="docs-op-grid">
        <div>
          <FieldTable fields={parameterFields(doc, e.op.parameters)} caption="Parameters" withIn />
          <FieldTable
            fields={fieldsOf(doc, body)}
            caption={`Request body${bodyName ? ` — ${bodyName}` : ""}`}
          />
          <FieldTable fields={fieldsOf(doc, ok)} caption={`Response 200${okName ? ` — ${okName}` : ""}`} />
          {errors.length ? (
            <table className="docs-fields">
              <caption>Errors</caption>
              <tbody>
                {errors.map(([status, r]) => (
                  <tr key={status}>
                    <th scope="row">{status}</th>
                    <td>{r.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        <div className="docs-samples">
          <figure>
            <figcaption>curl</figcaption>
            <pre>
              <code>{s.curl}</code>
            </pre>
          </figure>
          <figure>
            <figcaption>TypeScript</figcaption>
            <pre>
              <code>{s.ts}</code>
            </pre>
          </figure>
          <figure>
            <figcaption>Python</figcaption>
            <pre>
              <code>{s.py}</code>
            </pre>
          </figure>
          {simulation ? (
            <figure>
              <figcaption>
                What it does: the answer's <code>simulation</code> (e.g. a supply of 100 USDC)
              </figcaption>
              <pre>
                <code>{JSON.stringify(exampleOf(doc, simulation), null, 2)}</code>
              </pre>
            </figure>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function SchemaSection({ doc }: { doc: OpenApiDoc }) {
  const names = Object.keys(doc.components.schemas).sort((a, b) => a.localeCompare(b));
  return (
    <section id="schemas" className="docs-tag" aria-labelledby="schemas-title">
      <h2 id="schemas-title">schemas</h2>
      {names.map((name) => {
        const schema = resolve(doc, doc.components.schemas[name]);
        const fields = fieldsOf(doc, schema);
        return (
          <article key={name} id={`schema-${name}`} className="docs-schema">
            <h3>{name}</h3>
            {schema.description ? (
              <p>
                <Inline text={schema.description} />
              </p>
            ) : null}
            {schema.enum ? (
              <p>
                One of{" "}
                {schema.enum.map((v) => (
                  <code key={String(v)}>{JSON.stringify(v)}</code>
                ))}
              </p>
            ) : null}
            <FieldTable fields={fields} caption={`${name} fields`} />
          </article>
        );
      })}
    </section>
  );
}
