import { normalizeDecimal } from "../engine/decimal.ts";

/**
 * Readers for the fields of a JSON action. The venue deserializes actions into typed structs and
 * answers a body it cannot read with HTTP 422 "Failed to deserialize the JSON body into the
 * target type" — ShapeError carries that case up to the server.
 */
export class ShapeError extends Error {
  constructor(detail: string) {
    super(`Failed to deserialize the JSON body into the target type: ${detail}`);
  }
}

export type Json = Record<string, unknown>;

export function object(value: unknown, where: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ShapeError(`${where}: expected an object`);
  return value as Json;
}

export function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(`${where}: expected an array`);
  return value;
}

export function string(value: unknown, where: string): string {
  if (typeof value !== "string") throw new ShapeError(`${where}: expected a string`);
  return value;
}

export function bool(value: unknown, where: string): boolean {
  if (typeof value !== "boolean") throw new ShapeError(`${where}: expected a boolean`);
  return value;
}

export function uint(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    throw new ShapeError(`${where}: expected an unsigned integer`);
  return value;
}

export function int(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value))
    throw new ShapeError(`${where}: expected an integer`);
  return value;
}

/** A decimal string in the venue's canonical spelling (trailing zeros dropped, as it re-serializes). */
export function decimal(value: unknown, where: string): string {
  const normal = normalizeDecimal(string(value, where));
  if (normal === undefined) throw new ShapeError(`${where}: invalid decimal`);
  return normal;
}

/** Hex with a fixed byte length, lowercased the way the venue re-serializes addresses and cloids. */
export function hex(value: unknown, where: string, byteLength: number): `0x${string}` {
  const text = string(value, where);
  if (!new RegExp(`^0[xX][0-9a-fA-F]{${byteLength * 2}}$`).test(text))
    throw new ShapeError(`${where}: expected ${byteLength}-byte hex`);
  return `0x${text.slice(2).toLowerCase()}`;
}

export const address = (value: unknown, where: string) => hex(value, where, 20);

export function oneOf<T extends string>(value: unknown, where: string, options: readonly T[]): T {
  const text = string(value, where);
  if (!options.includes(text as T)) throw new ShapeError(`${where}: unknown variant \`${text}\``);
  return text as T;
}
