import {
  CCTP_DOMAINS,
  CCTP_MESSAGE_TRANSMITTER_V2,
  CCTP_TOKEN_MESSENGER_V2,
  type CctpChain,
  USDC,
} from "@compass/constants";
import { type Address, encodeFunctionData, type Hex, pad, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import { cctpAttester } from "../cctp/attester.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

const adminAbi = parseAbi([
  "function initialized() view returns (bool)",
  "function initialize(address owner, address attester, uint32 localDomain, uint256 maxMessageBodySize)",
  "function remoteTokenMessengers(uint32 domain) view returns (bytes32)",
  "function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger, bytes32 remoteUsdc)",
]);
const messengerInitAbi = parseAbi([
  "function initialize(address owner, address transmitter, address feeRecipient, address usdc)",
]);
const minterAbi = parseAbi(["function isMinter(address) view returns (bool)"]);

/** Body size Circle's v2 transmitters accept (8 KiB). */
const MAX_MESSAGE_BODY_SIZE = 8192n;
/** What the messenger may mint before the USDC admin tops it up (Circle sets per-minter allowances too). */
const MINTER_ALLOWANCE = 10n ** 18n;

/**
 * Circle's CCTP v2 on ethereum, arbitrum and base: MessageTransmitterV2 and TokenMessengerV2 twins at Circle's
 * canonical addresses (runtime code placed, then `initialize`d as Circle's proxies are), the devnet's attester
 * enabled, each messenger registered with the others and made a USDC minter by the USDC admin. Each step checks
 * chain state first.
 */
export const cctpExtension: ChainExtension = {
  name: "cctp-v2",
  chains: ["ethereum", "arbitrum", "base"],
  everyStart: true,
  async ensure(ctx) {
    const chain = ctx.spec.name as CctpChain;
    const owner = roleAccount("deployer").address;
    const usdc = USDC[chain]!.address;
    await place(ctx, CCTP_MESSAGE_TRANSMITTER_V2, "CctpMessageTransmitterV2Twin");
    await place(ctx, CCTP_TOKEN_MESSENGER_V2, "CctpTokenMessengerV2Twin");
    const read = (address: Address, functionName: "initialized", args: readonly unknown[] = []) =>
      ctx.clients.public.readContract({ address, abi: adminAbi, functionName, args } as any);
    if (!(await read(CCTP_MESSAGE_TRANSMITTER_V2, "initialized")))
      await send(
        ctx,
        owner,
        CCTP_MESSAGE_TRANSMITTER_V2,
        encodeFunctionData({
          abi: adminAbi,
          functionName: "initialize",
          args: [owner, cctpAttester().address, CCTP_DOMAINS[chain], MAX_MESSAGE_BODY_SIZE],
        }),
        "initializing MessageTransmitterV2",
      );
    if (!(await read(CCTP_TOKEN_MESSENGER_V2, "initialized")))
      await send(
        ctx,
        owner,
        CCTP_TOKEN_MESSENGER_V2,
        encodeFunctionData({
          abi: messengerInitAbi,
          functionName: "initialize",
          args: [owner, CCTP_MESSAGE_TRANSMITTER_V2, owner, usdc],
        }),
        "initializing TokenMessengerV2",
      );
    for (const [remote, domain] of Object.entries(CCTP_DOMAINS)) {
      if (remote === chain) continue;
      const known = await ctx.clients.public.readContract({
        address: CCTP_TOKEN_MESSENGER_V2,
        abi: adminAbi,
        functionName: "remoteTokenMessengers",
        args: [domain],
      });
      if (BigInt(known) !== 0n) continue;
      await send(
        ctx,
        owner,
        CCTP_TOKEN_MESSENGER_V2,
        encodeFunctionData({
          abi: adminAbi,
          functionName: "addRemoteTokenMessenger",
          args: [domain, pad(CCTP_TOKEN_MESSENGER_V2), pad(USDC[remote as CctpChain]!.address)],
        }),
        `linking domain ${domain}`,
      );
    }
    const minter = await ctx.clients.public.readContract({
      address: usdc,
      abi: minterAbi,
      functionName: "isMinter",
      args: [CCTP_TOKEN_MESSENGER_V2],
    });
    if (!minter)
      await send(
        ctx,
        roleAccount("usdc_admin").address,
        usdc,
        encodeFunctionData({
          abi: fiatTokenAbi,
          functionName: "configureMinter",
          args: [CCTP_TOKEN_MESSENGER_V2, MINTER_ALLOWANCE],
        }),
        "making TokenMessengerV2 a USDC minter",
      );
  },
  contracts: () => ({
    CctpTokenMessengerV2: CCTP_TOKEN_MESSENGER_V2,
    CctpMessageTransmitterV2: CCTP_MESSAGE_TRANSMITTER_V2,
  }),
};

async function place(
  ctx: ExtensionContext,
  address: Address,
  contract: "CctpMessageTransmitterV2Twin" | "CctpTokenMessengerV2Twin",
) {
  const code = loadArtifact(contract).deployedBytecode;
  const current = await ctx.clients.public.getCode({ address });
  if (current?.toLowerCase() !== code.toLowerCase())
    await ctx.clients.test.setCode({ address, bytecode: code });
}

async function send(ctx: ExtensionContext, from: Address, to: Address, data: Hex, what: string) {
  await sendAndConfirm(ctx.clients, { from, to, data, what: `${ctx.spec.name}: ${what}` });
}
