import { erc20Abi, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { resolveContract } from "../domain/contracts.ts";
import { AllowanceInfoResponse, AllowanceQuery } from "../schemas.ts";

export const allowance = defineOperation({
  method: "GET",
  path: "/v1/generic/allowance",
  summary: "Get Allowance",
  description:
    "How much of `token` `user` lets `contract` (a protocol's contract by name, e.g. `AaveV3Pool`, or any address) spend on `chain`.",
  query: AllowanceQuery,
  response: AllowanceInfoResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user: "u", token: "t" } },
  async handler({ query }, ctx) {
    const { chain } = query;
    const client = ctx.services.chains.get(chain, ["query", "chain"]);
    const spender = resolveContract(ctx.config, chain, query.contract, ["query", "contract"]);
    const token = await resolveErc20(ctx.config, client, chain, query.token, ["query", "token"]);
    const amount = await client
      .readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [getAddress(query.user), spender],
      })
      .catch((e) => rethrowRpc(chain, e));
    return {
      amount: formatUnits(amount, token.decimals),
      decimals: token.decimals,
      token_symbol: token.symbol,
      token_address: token.address,
      contract_address: spender,
    };
  },
});
