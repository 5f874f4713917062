import { encodeFunctionData, parseUnits } from "viem";
import { roleAccount } from "../accounts.ts";
import { sendAndConfirm } from "../bootstrap/tx.ts";
import { fiatTokenAbi } from "../contracts/abi.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { BRIDGE2, bridge2TwinAbi } from "../contracts/bridge2.ts";
import type { ChainExtension } from "./types.ts";

/**
 * USDC the bridge holds besides deposits. The live bridge holds every user's collateral; here traders'
 * profits are paid by the venue's built-in market maker, whose USDC never crossed the bridge.
 */
const BRIDGE_FLOAT = parseUnits("10000000", 6);

/**
 * The perpetuals venue's bridge on the local Arbitrum: Bridge2Twin's runtime code at the canonical
 * Bridge2 address (CREATE2 cannot reach an address another deployer created), initialized with the
 * USDC twin and the `venue_operator` role, and topped up to its float.
 */
export const bridge2Extension: ChainExtension = {
  name: "venue-bridge2",
  chains: ["arbitrum"],
  everyStart: true,
  contracts: () => ({ Bridge2: BRIDGE2 }),
  async ensure({ spec, clients, log }) {
    const runtime = loadArtifact("Bridge2Twin").deployedBytecode;
    const code = await clients.public.getCode({ address: BRIDGE2 });
    if (code?.toLowerCase() !== runtime.toLowerCase()) {
      await clients.test.setCode({ address: BRIDGE2, bytecode: runtime });
      log(`${spec.name}: Bridge2 twin placed at ${BRIDGE2}`);
    }
    const bridge = { address: BRIDGE2, abi: bridge2TwinAbi } as const;
    const operator = roleAccount("venue_operator").address;
    if (!(await clients.public.readContract({ ...bridge, functionName: "initialized" }))) {
      const data = encodeFunctionData({
        ...bridge,
        functionName: "initialize",
        args: [spec.usdc.address, operator],
      });
      await sendAndConfirm(clients, { from: operator, to: BRIDGE2, data, what: "Bridge2 initialize" });
    }
    const usdc = { address: spec.usdc.address, abi: fiatTokenAbi } as const;
    const held = await clients.public.readContract({ ...usdc, functionName: "balanceOf", args: [BRIDGE2] });
    if (held < BRIDGE_FLOAT / 2n) {
      const data = encodeFunctionData({
        ...usdc,
        functionName: "mint",
        args: [BRIDGE2, BRIDGE_FLOAT - held],
      });
      const admin = roleAccount("usdc_admin").address;
      await sendAndConfirm(clients, { from: admin, to: spec.usdc.address, data, what: "Bridge2 float" });
    }
  },
};
