import { createElement, Fragment, type ReactNode } from "react";

/**
 * A message whose `{name}` placeholders are React nodes (an address in a `<bdi>`, an amount in `<strong>`), so a
 * translation places them where its grammar wants: `"To {address} on Ethereum"` → `To <bdi/> on Ethereum`.
 * A placeholder without a node is kept as written.
 */
export function rich(template: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = template.split(/\{(\w+)\}/g).map((part, i) => (i % 2 ? (nodes[part] ?? `{${part}}`) : part));
  // spread as arguments, not an array: the parts are positional and need no keys
  return createElement(Fragment, null, ...parts);
}
