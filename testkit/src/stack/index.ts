/**
 * @compass/testkit/stack — the local stack launcher: the devnet (chains + twins) and API/app servers as
 * tracked child processes, plus the machine prerequisites and the throwaway redis the test run needs.
 */

export { SIMULATION_LEDGER } from "../paths.ts";
export { prodPartnerPort, productionServerEnv, TEST_KEYS } from "./keys.ts";
export {
  ROOT,
  type RunningServer,
  SERVER_BUNDLE,
  SERVER_ENTRY,
  type ServerSpec,
  type Stack,
  startServer,
  startStack,
} from "./launch.ts";
export {
  chainHead,
  type GrowOptions,
  growChain,
  type PopulateOptions,
  populate,
  populateVaults,
  timeVaultList,
} from "./mainnet-shape.ts";
export { type Balancer, nginxConfig, startNginx } from "./nginx.ts";
export { type RunningPostgres, startPostgres } from "./postgres.ts";
export { exec, type RunOptions, run, stop, waitForHttp } from "./proc.ts";
export { startRedis } from "./redis.ts";
export { type RpcLimitProxy, type RpcLimitStats, rpcLimitProxy } from "./rpc-limit-proxy.ts";
export { type SettlementProcess, settlementEnv, startSettlement } from "./settlement.ts";
export { ensureChromium, ensureNginx, ensurePostgres, ensurePython, ensureRedis } from "./system.ts";
export { type WarmingBoard, type WarmingFailure, type WarmingItem, warmingBoard } from "./warming.ts";
