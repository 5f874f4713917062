/**
 * Stripe-style form encoding: `wallet_addresses[ethereum]=0x…`, `destination_networks[]=ethereum`,
 * `metadata[k]=v`. Parsed into nested plain objects (arrays for `[]`); one level of nesting is all the
 * onramp API uses.
 */
export type FormValue = string | string[] | Record<string, string>;
export type Form = Record<string, FormValue>;

export function parseForm(params: URLSearchParams): Form {
  const out: Form = {};
  for (const [key, value] of params) {
    const m = /^([a-z_]+)\[([^\]]*)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, name, sub] = m as unknown as [string, string, string];
    if (sub === "") {
      const list = Array.isArray(out[name]) ? (out[name] as string[]) : [];
      out[name] = [...list, value];
    } else {
      const map =
        typeof out[name] === "object" && !Array.isArray(out[name])
          ? (out[name] as Record<string, string>)
          : {};
      out[name] = { ...map, [sub]: value };
    }
  }
  return out;
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
