import { address, decimal, type Json, object, oneOf, ShapeError, string, uint } from "./fields.ts";

/**
 * User-signed actions: EIP-712 messages a wallet can display, domain
 * {name "HyperliquidSignTransaction", version "1", chainId = signatureChainId, verifyingContract 0x0},
 * primary type "HyperliquidTransaction:<Name>" over exactly these fields (the lists the maintained
 * client signs). The message values are the action's own fields as sent; the field named by
 * `nonceField` doubles as the action's nonce.
 */
export interface UserActionDef {
  primaryType: string;
  fields: readonly { name: string; type: "string" | "address" | "uint64" | "bool" }[];
  nonceField: "nonce" | "time";
  /** validates the action-specific fields (throws ShapeError) */
  check(raw: Json): void;
  /** values signed for fields the action may omit (the client library signs the same) */
  defaults?: Record<string, string>;
}

/** A signed field: its name, its EIP-712 type, and the check of the value as sent (none for the nonce). */
type Field = readonly [
  name: string,
  type: "string" | "address" | "uint64",
  check?: (value: unknown, where: string) => unknown,
];

/**
 * The action signed as `HyperliquidTransaction:<name>` over `hyperliquidChain` and then `fields`, the last of
 * which is the nonce; `defaults` are the values signed for fields the action may omit.
 */
function userAction(name: string, fields: Field[], defaults?: Record<string, string>): UserActionDef {
  return {
    primaryType: `HyperliquidTransaction:${name}`,
    fields: [{ name: "hyperliquidChain", type: "string" }, ...fields.map(([name, type]) => ({ name, type }))],
    nonceField: fields.at(-1)![0] as UserActionDef["nonceField"],
    check: (raw) => {
      for (const [name, , check] of fields) check?.(raw[name], name);
    },
    defaults,
  };
}

const abstractions = ["dexAbstraction", "unifiedAccount", "portfolioMargin", "disabled"] as const;
/** Withdraw and UsdSend sign the same fields: USDC `amount` to `destination`, `time` as the nonce. */
const usdTransfer: Field[] = [
  ["destination", "string", address],
  ["amount", "string", decimal],
  ["time", "uint64"],
];

export const USER_ACTIONS: Record<string, UserActionDef> = {
  withdraw3: userAction("Withdraw", usdTransfer),
  usdSend: userAction("UsdSend", usdTransfer),
  sendAsset: userAction(
    "SendAsset",
    [
      ["destination", "string", address],
      ["sourceDex", "string", string],
      ["destinationDex", "string", string],
      ["token", "string", string],
      ["amount", "string", decimal],
      ["fromSubAccount", "string", (v, where) => v === undefined || v === "" || address(v, where)],
      ["nonce", "uint64"],
    ],
    { fromSubAccount: "" },
  ),
  approveBuilderFee: userAction("ApproveBuilderFee", [
    ["maxFeeRate", "string", string],
    ["builder", "address", address],
    ["nonce", "uint64"],
  ]),
  userSetAbstraction: userAction("UserSetAbstraction", [
    ["user", "address", address],
    ["abstraction", "string", (v, where) => oneOf(v, where, abstractions)],
    ["nonce", "uint64"],
  ]),
  // an absent (or null) name is signed as ""
  approveAgent: userAction(
    "ApproveAgent",
    [
      ["agentAddress", "address", address],
      ["agentName", "string", (v, where) => v === undefined || v === null || string(v, where)],
      ["nonce", "uint64"],
    ],
    { agentName: "" },
  ),
};

export interface UserSignedAction {
  def: UserActionDef;
  raw: Json;
  chainId: number;
  hyperliquidChain: "Mainnet" | "Testnet";
  nonce: number;
  /** the EIP-712 message */
  message: Record<string, unknown>;
}

export function parseUserSigned(raw: Json): UserSignedAction {
  const def = USER_ACTIONS[String(raw.type)];
  if (!def) throw new ShapeError(`unknown variant \`${String(raw.type)}\``);
  const chainHex = string(raw.signatureChainId, "signatureChainId");
  if (!/^0[xX][0-9a-fA-F]{1,16}$/.test(chainHex)) throw new ShapeError("signatureChainId: expected hex");
  const chainId = Number.parseInt(chainHex.slice(2), 16);
  def.check(raw);
  const hyperliquidChain = oneOf(raw.hyperliquidChain, "hyperliquidChain", ["Mainnet", "Testnet"]);
  const nonce = uint(raw[def.nonceField], def.nonceField);
  const value = (name: string) => raw[name] ?? def.defaults?.[name];
  const message = Object.fromEntries(def.fields.map((f) => [f.name, value(f.name)]));
  return { def, raw: object(raw, "action"), chainId, hyperliquidChain, nonce, message };
}
