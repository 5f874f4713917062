/**
 * Ethena's sUSDe (StakedUSDeV2) on Ethereum: an ERC-4626 over USDe (read and deposited into through
 * protocols/erc4626) whose withdrawals go through a cooldown — its duration, a holder's cooldown, when it is over,
 * and the two calls out (cooldown, then unstake).
 */
export {
  cooldownCall,
  cooldownOver,
  ETHENA_CHAIN,
  readCooldown,
  readCooldownDuration,
  readStake,
  stakedUsdeAbi,
  stakedUsdeOn,
  unstakeCall,
} from "./staked-usde.ts";
