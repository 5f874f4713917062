import type { Address, Hex } from "viem";

/**
 * Generated from `StaticReader.yul` beside it (solc, Yul, optimizer on, 200 runs); `api/test/kernel/chain/view-lens.test.ts`
 * compiles the source and fails when this drifts. Do not edit by hand.
 */
export const STATIC_READER_CODE =
  "0x5f5f5b368110600c57505ff35b90601690601483013560f01c9060209081810183863560601c8460018315608b57505081835f939284938a8c0183375a622dc6c081116082575bfa3d9061020082116079575b815f81948188601f198516890101523e5b60ff1b178252601f01601f191601019201016002565b61020091506052565b50622dc6c06046565b913b909352829150606356";

/** A read for the StaticReader: a view's calldata, or "0x" for the target's code size. */
export interface StaticRead {
  target: Address;
  data: Hex;
}

export function encodeStaticReads(reads: readonly StaticRead[]): Hex {
  let out = "0x";
  for (const r of reads) {
    const body = r.data.slice(2);
    out += r.target.slice(2).toLowerCase() + (body.length / 2).toString(16).padStart(4, "0") + body;
  }
  return out as Hex;
}

export function decodeStaticReads(answer: Hex, expected: number): { success: boolean; data: Hex }[] {
  const hex = answer.slice(2);
  const out: { success: boolean; data: Hex }[] = [];
  let p = 0;
  while (p < hex.length) {
    const head = BigInt(`0x${hex.slice(p, p + 64)}`);
    const success = head >> 255n === 1n;
    const size = Number(head & 0xffffn);
    out.push({ success, data: `0x${hex.slice(p + 64, p + 64 + size * 2)}` });
    p += 64 + Math.ceil(size / 32) * 64;
  }
  if (out.length !== expected)
    throw new Error(`the static reader answered ${out.length} reads, not ${expected}`);
  return out;
}
