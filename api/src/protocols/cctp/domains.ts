import { CCTP_DOMAINS, type CctpChain } from "@compass/constants";

/** Circle's domain number of a chain CCTP serves. */
export function domainOf(chain: CctpChain): number {
  return CCTP_DOMAINS[chain];
}

const CHAIN_OF = Object.fromEntries(Object.entries(CCTP_DOMAINS).map(([c, d]) => [d, c])) as Record<
  number,
  CctpChain
>;

/** The chain of a CCTP domain number, undefined for a domain no chain here has. */
export function chainOfDomain(domain: number): CctpChain | undefined {
  return CHAIN_OF[domain];
}
