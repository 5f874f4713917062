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

const chainField = { name: "hyperliquidChain", type: "string" } as const;

/** Withdraw and UsdSend sign the same fields: USDC `amount` to `destination`, `time` as the nonce. */
function usdTransfer(primaryType: string): UserActionDef {
  return {
    primaryType,
    fields: [
      chainField,
      { name: "destination", type: "string" },
      { name: "amount", type: "string" },
      { name: "time", type: "uint64" },
    ],
    nonceField: "time",
    check: (raw) => {
      address(raw.destination, "destination");
      decimal(raw.amount, "amount");
    },
  };
}

export const USER_ACTIONS: Record<string, UserActionDef> = {
  withdraw3: usdTransfer("HyperliquidTransaction:Withdraw"),
  usdSend: usdTransfer("HyperliquidTransaction:UsdSend"),
  sendAsset: {
    primaryType: "HyperliquidTransaction:SendAsset",
    fields: [
      chainField,
      { name: "destination", type: "string" },
      { name: "sourceDex", type: "string" },
      { name: "destinationDex", type: "string" },
      { name: "token", type: "string" },
      { name: "amount", type: "string" },
      { name: "fromSubAccount", type: "string" },
      { name: "nonce", type: "uint64" },
    ],
    nonceField: "nonce",
    check: (raw) => {
      address(raw.destination, "destination");
      string(raw.sourceDex, "sourceDex");
      string(raw.destinationDex, "destinationDex");
      string(raw.token, "token");
      decimal(raw.amount, "amount");
      if (raw.fromSubAccount !== undefined && raw.fromSubAccount !== "")
        address(raw.fromSubAccount, "fromSubAccount");
    },
    defaults: { fromSubAccount: "" },
  },
  approveBuilderFee: {
    primaryType: "HyperliquidTransaction:ApproveBuilderFee",
    fields: [
      chainField,
      { name: "maxFeeRate", type: "string" },
      { name: "builder", type: "address" },
      { name: "nonce", type: "uint64" },
    ],
    nonceField: "nonce",
    check: (raw) => {
      string(raw.maxFeeRate, "maxFeeRate");
      address(raw.builder, "builder");
    },
  },
  userSetAbstraction: {
    primaryType: "HyperliquidTransaction:UserSetAbstraction",
    fields: [
      chainField,
      { name: "user", type: "address" },
      { name: "abstraction", type: "string" },
      { name: "nonce", type: "uint64" },
    ],
    nonceField: "nonce",
    check: (raw) => {
      address(raw.user, "user");
      oneOf(raw.abstraction, "abstraction", [
        "dexAbstraction",
        "unifiedAccount",
        "portfolioMargin",
        "disabled",
      ]);
    },
  },
  approveAgent: {
    primaryType: "HyperliquidTransaction:ApproveAgent",
    fields: [
      chainField,
      { name: "agentAddress", type: "address" },
      { name: "agentName", type: "string" },
      { name: "nonce", type: "uint64" },
    ],
    nonceField: "nonce",
    check: (raw) => {
      address(raw.agentAddress, "agentAddress");
      if (raw.agentName !== undefined && raw.agentName !== null) string(raw.agentName, "agentName");
    },
    // an absent name is signed as ""
    defaults: { agentName: "" },
  },
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
