/** `0x70997970…` → `0x7099…79C8`: the same text on the server and in the browser. */
export const shortAddress = (a: string): string => `${a.slice(0, 6)}…${a.slice(-4)}`;
