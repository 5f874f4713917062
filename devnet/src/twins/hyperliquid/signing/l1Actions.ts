import {
  address,
  array,
  bool,
  decimal,
  hex,
  int,
  type Json,
  object,
  oneOf,
  ShapeError,
  uint,
} from "./fields.ts";

/**
 * L1 actions (signed through the phantom agent) in canonical form: parsed into the venue's struct
 * shapes and rebuilt with the fields in declaration order, decimal strings normalized and hex
 * lowercased, optional fields present only when set. Hashing this form — not the request bytes —
 * is what the venue does, so a client that sent "1.50" or a checksummed builder address still
 * verifies, and unknown fields are ignored as serde ignores them.
 */
export type Tif = "Gtc" | "Ioc" | "Alo" | "FrontendMarket";

export interface WireOrder {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t: { limit: { tif: Tif } } | { trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" } };
  c?: `0x${string}`;
}

export type L1Action =
  | {
      type: "order";
      orders: WireOrder[];
      grouping: "na" | "normalTpsl" | "positionTpsl";
      builder?: { b: `0x${string}`; f: number };
    }
  | { type: "modify"; oid: number | `0x${string}`; order: WireOrder }
  | { type: "batchModify"; modifies: { oid: number | `0x${string}`; order: WireOrder }[] }
  | { type: "cancel"; cancels: { a: number; o: number }[] }
  | { type: "cancelByCloid"; cancels: { asset: number; cloid: `0x${string}` }[] }
  | { type: "updateLeverage"; asset: number; isCross: boolean; leverage: number }
  | { type: "updateIsolatedMargin"; asset: number; isBuy: boolean; ntli: number }
  | { type: "agentSetAbstraction"; abstraction: "i" | "u" | "p" }
  | { type: "noop" };

export function canonicalL1(raw: Json): L1Action {
  switch (raw.type) {
    case "order": {
      const action: L1Action = {
        type: "order",
        orders: array(raw.orders, "orders").map((o, i) => order(object(o, `orders[${i}]`), `orders[${i}]`)),
        grouping:
          raw.grouping === undefined
            ? "na"
            : oneOf(raw.grouping, "grouping", ["na", "normalTpsl", "positionTpsl"]),
      };
      if (raw.builder !== undefined) {
        const b = object(raw.builder, "builder");
        action.builder = { b: address(b.b, "builder.b"), f: uint(b.f, "builder.f") };
      }
      return action;
    }
    case "modify":
      return {
        type: "modify",
        oid: oidOrCloid(raw.oid, "oid"),
        order: order(object(raw.order, "order"), "order"),
      };
    case "batchModify":
      return {
        type: "batchModify",
        modifies: array(raw.modifies, "modifies").map((entry, i) => {
          const m = object(entry, `modifies[${i}]`);
          return {
            oid: oidOrCloid(m.oid, `modifies[${i}].oid`),
            order: order(object(m.order, `modifies[${i}].order`), `modifies[${i}].order`),
          };
        }),
      };
    case "cancel":
      return {
        type: "cancel",
        cancels: array(raw.cancels, "cancels").map((c, i) => {
          const o = object(c, `cancels[${i}]`);
          return { a: uint(o.a, "a"), o: uint(o.o, "o") };
        }),
      };
    case "cancelByCloid":
      return {
        type: "cancelByCloid",
        cancels: array(raw.cancels, "cancels").map((c, i) => {
          const o = object(c, `cancels[${i}]`);
          return { asset: uint(o.asset, "asset"), cloid: hex(o.cloid, "cloid", 16) };
        }),
      };
    case "updateLeverage":
      return {
        type: "updateLeverage",
        asset: uint(raw.asset, "asset"),
        isCross: bool(raw.isCross, "isCross"),
        leverage: uint(raw.leverage, "leverage"),
      };
    case "updateIsolatedMargin":
      return {
        type: "updateIsolatedMargin",
        asset: uint(raw.asset, "asset"),
        isBuy: bool(raw.isBuy, "isBuy"),
        ntli: int(raw.ntli, "ntli"),
      };
    case "agentSetAbstraction":
      return {
        type: "agentSetAbstraction",
        abstraction: oneOf(raw.abstraction, "abstraction", ["i", "u", "p"]),
      };
    case "noop":
      return { type: "noop" };
    default:
      throw new ShapeError(`unknown variant \`${String(raw.type)}\``);
  }
}

/** An order named by oid (integer) or by cloid (16-byte hex). */
function oidOrCloid(value: unknown, where: string): number | `0x${string}` {
  return typeof value === "string" ? hex(value, where, 16) : uint(value, where);
}

function order(o: Json, where: string): WireOrder {
  const t = object(o.t, `${where}.t`);
  let type: WireOrder["t"];
  if (t.limit !== undefined) {
    type = {
      limit: { tif: oneOf(object(t.limit, "limit").tif, "tif", ["Gtc", "Ioc", "Alo", "FrontendMarket"]) },
    };
  } else if (t.trigger !== undefined) {
    const trigger = object(t.trigger, "trigger");
    type = {
      trigger: {
        isMarket: bool(trigger.isMarket, "isMarket"),
        triggerPx: decimal(trigger.triggerPx, "triggerPx"),
        tpsl: oneOf(trigger.tpsl, "tpsl", ["tp", "sl"]),
      },
    };
  } else throw new ShapeError(`${where}.t: expected limit or trigger`);
  const wire: WireOrder = {
    a: uint(o.a, `${where}.a`),
    b: bool(o.b, `${where}.b`),
    p: decimal(o.p, `${where}.p`),
    s: decimal(o.s, `${where}.s`),
    r: bool(o.r, `${where}.r`),
    t: type,
  };
  if (o.c !== undefined && o.c !== null) wire.c = hex(o.c, `${where}.c`, 16);
  return wire;
}
