import { ONE_TIME_WALLET_FACTORY } from "@compass/constants";
import { getContractAddress, type Hex } from "viem";
import { roleAccount } from "../accounts.ts";
import { hasCode, sendAndConfirm } from "../bootstrap/tx.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { SAFE_SALT, SAFE_SINGLETON_FACTORY } from "../safe.ts";
import type { ChainExtension } from "./types.ts";

/** Where the factory's committed init code lands through the singleton factory; must equal the constant. */
function oneTimeWalletFactoryDeployment(): { address: `0x${string}`; data: Hex } {
  const { bytecode } = loadArtifact("OneTimeWalletFactory");
  const address = getContractAddress({
    opcode: "CREATE2",
    from: SAFE_SINGLETON_FACTORY,
    salt: SAFE_SALT,
    bytecode,
  });
  return { address, data: `${SAFE_SALT}${bytecode.slice(2)}` as Hex };
}

/**
 * The on-ramp's one-time-wallet factory on Ethereum (where the on-ramp delivers USDC), deployed through the
 * singleton factory like any CREATE2 deployment on a real chain.
 */
export const oneTimeWalletExtension: ChainExtension = {
  name: "onramp one-time wallets",
  chains: ["ethereum"],
  async ensure({ clients, log }) {
    const { address, data } = oneTimeWalletFactoryDeployment();
    if (address !== ONE_TIME_WALLET_FACTORY) {
      throw new Error(
        `OneTimeWalletFactory would deploy to ${address}, but @compass/constants (constants/src/onramp.ts) says ${ONE_TIME_WALLET_FACTORY}: update the constant (and ONE_TIME_WALLET_INIT_CODE_HASH) after changing the contracts`,
      );
    }
    if (await hasCode(clients, address)) return;
    await sendAndConfirm(clients, {
      from: roleAccount("deployer").address,
      to: SAFE_SINGLETON_FACTORY,
      data,
      what: "deploying OneTimeWalletFactory",
    });
    log(`ethereum: OneTimeWalletFactory deployed at ${address}`);
  },
  contracts: () => ({ OneTimeWalletFactory: ONE_TIME_WALLET_FACTORY }),
};
