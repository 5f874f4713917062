import { type Address, erc4626Abi, parseEther, toHex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { keyWallet, type ReturnedTx, sendReturned } from "../wallet.ts";
import { chainClient } from "./env.ts";

/**
 * A fresh EOA on a devnet chain holding `eth` (set with anvil_setBalance, spending no dev account's nonce): a
 * user's wallet that has never delegated, so a test of EIP-7702 bundling starts where a real user does.
 */
export async function freshWallet(chain: string, eth = "10") {
  const wallet = keyWallet(generatePrivateKey(), chain);
  await chainClient(chain).request({
    method: "anvil_setBalance" as any,
    params: [wallet.account.address, toHex(parseEther(eth))] as any,
  });
  return wallet;
}

/** Signs and sends the transaction the bundler returned, as a wallet does (type 4 when it carries authorizations). */
export function sendBundle(wallet: ReturnType<typeof keyWallet>, tx: ReturnedTx) {
  return sendReturned(wallet, tx);
}

/**
 * The batch the bundler tests send: wrap `weth` ETH, approve the router, sell it for USDC on Uniswap v3 (0.05 %),
 * approve the vault and deposit `depositUsdc` — each step possible only after the ones before it.
 */
export function swapAndDepositSteps(input: {
  router: string;
  vault: string;
  weth: string;
  depositUsdc: string;
}) {
  return [
    { body: { action_type: "WRAP_ETH", amount: input.weth } },
    { body: { action_type: "SET_ALLOWANCE", token: "WETH", contract: input.router, amount: input.weth } },
    {
      body: {
        action_type: "UNISWAP_SELL_EXACTLY",
        token_in: "WETH",
        token_out: "USDC",
        fee: "0.05",
        amount_in: input.weth,
        max_slippage_percent: 1,
      },
    },
    {
      body: { action_type: "SET_ALLOWANCE", token: "USDC", contract: input.vault, amount: input.depositUsdc },
    },
    { body: { action_type: "VAULT_DEPOSIT", vault_address: input.vault, amount: input.depositUsdc } },
  ];
}

/** What `holder`'s shares of an ERC-4626 vault are worth in its asset, read on chain. */
export async function vaultAssetsOf(chain: string, vault: Address, holder: Address): Promise<bigint> {
  const client = chainClient(chain);
  const shares = await client.readContract({
    address: vault,
    abi: erc4626Abi,
    functionName: "balanceOf",
    args: [holder],
  });
  return client.readContract({
    address: vault,
    abi: erc4626Abi,
    functionName: "convertToAssets",
    args: [shares],
  });
}
