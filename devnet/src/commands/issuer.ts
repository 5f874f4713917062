import type { DevnetAddressBook } from "../addressbook.ts";

/**
 * `devnet issuer register|approve|status <account>`: the fund issuer's connect portal from the shell (the
 * page at <issuer>/portal does the same). The sandbox lets anyone approve; a real issuer reviews.
 */
export async function issuerPortal(
  book: DevnetAddressBook,
  action: string | undefined,
  account: string | undefined,
) {
  const issuer = book.twins.issuer;
  if (!issuer) throw new Error("this devnet runs no issuer twin");
  if (!account || !["register", "approve", "reject", "status"].includes(action ?? ""))
    throw new Error("usage: devnet issuer <register|approve|reject|status> <product account address>");
  const res =
    action === "status"
      ? await fetch(`${issuer.url}/v1/accounts/${account}`, { headers: { "x-api-key": issuer.apiKey ?? "" } })
      : await fetch(`${issuer.url}/portal/api/${action}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ account }),
        });
  const body = await res.json();
  if (!res.ok) throw new Error(`issuer: ${(body as { error?: string }).error ?? res.status}`);
  console.log(JSON.stringify(body));
}
