import { invalid } from "./errors.ts";

/**
 * Stripe's form encoding, as its official clients send it: `wallet_addresses[ethereum]=0x…`,
 * `metadata[k]=v`, `created[gte]=…`, and arrays in either form — `destination_networks[]=ethereum` or, as
 * stripe-node sends them, `destination_networks[0]=ethereum`. Parsed into nested plain objects (arrays for
 * `[]` and numeric indices, in index order); deeper nesting (`kyc_details[address][city]`) stays keyed by its
 * full bracket path under the top-level name.
 */
export type FormValue = string | string[] | Record<string, string>;
export type Form = Record<string, FormValue>;

export function parseForm(params: URLSearchParams): Form {
  const out: Form = {};
  const indexed: Record<string, [number, string][]> = {};
  for (const [key, value] of params) {
    const m = /^([A-Za-z0-9_]+)\[(.*)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, name, sub] = m as unknown as [string, string, string];
    if (sub === "") {
      const list = Array.isArray(out[name]) ? (out[name] as string[]) : [];
      out[name] = [...list, value];
    } else if (/^\d+$/.test(sub)) {
      indexed[name] = [...(indexed[name] ?? []), [Number(sub), value]];
    } else {
      const map =
        typeof out[name] === "object" && !Array.isArray(out[name])
          ? (out[name] as Record<string, string>)
          : {};
      out[name] = { ...map, [sub]: value };
    }
  }
  for (const [name, items] of Object.entries(indexed)) {
    const list = Array.isArray(out[name]) ? (out[name] as string[]) : [];
    out[name] = [...list, ...items.sort((a, b) => a[0] - b[0]).map(([, v]) => v)];
  }
  return out;
}

/** Stripe refuses any parameter an endpoint does not document: 400 `parameter_unknown` naming it. */
export function onlyKnown(form: Form, known: readonly string[]): void {
  for (const name of Object.keys(form))
    if (!known.includes(name))
      throw invalid(`Received unknown parameter: ${name}`, "parameter_unknown", name);
}

export function str(form: Form, name: string): string | undefined {
  const v = form[name];
  return typeof v === "string" ? v : undefined;
}

export function map(form: Form, name: string): Record<string, string> {
  const v = form[name];
  return v && typeof v === "object" && !Array.isArray(v) ? v : {};
}

export function list(form: Form, name: string): string[] {
  const v = form[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}
