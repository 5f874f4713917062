import type { Address } from "viem";
import { addDays, isoDate } from "../../calendar/days.ts";
import { isBusinessDay } from "../../calendar/holidays.ts";
import { passes } from "../kit/index.ts";
import type { IssuerChain } from "./chain.ts";
import { lastStrike, strikeAt } from "./cycles.ts";
import { formatNav, navOn } from "./nav.ts";
import { settleDue } from "./settlement.ts";
import type { IssuerState, RegisteredAccount } from "./state.ts";
import { scanTransfers } from "./watcher.ts";

/**
 * The fund issuer: its registry of approved accounts, the orders it has seen on chain, and the NAV
 * cycle that settles them. `tick` is one pass (scan new blocks, settle what is due); the twin runs it
 * every few hundred milliseconds, so an advance of the devnet clock settles promptly.
 */
export class Issuer {
  constructor(
    readonly chain: IssuerChain,
    readonly state: IssuerState,
    readonly save: () => void,
    private readonly log: (line: string) => void = console.log,
  ) {}

  now(): Promise<number> {
    return this.chain.now();
  }

  async register(address: Address, entityName: string | null): Promise<RegisteredAccount> {
    const key = address.toLowerCase();
    const existing = this.state.accounts[key];
    if (existing) return existing;
    const account: RegisteredAccount = {
      address,
      entity_name: entityName,
      status: "pending",
      registered_at: await this.now(),
      decided_at: null,
      allow_listed: false,
    };
    this.state.accounts[key] = account;
    this.save();
    this.log(`registered ${address} (pending approval)`);
    return account;
  }

  /** Approval also allow-lists the account on the share token, so shares can be minted to it. */
  async decide(address: Address, approve: boolean): Promise<RegisteredAccount> {
    const account = this.state.accounts[address.toLowerCase()] ?? (await this.register(address, null));
    account.status = approve ? "approved" : "rejected";
    account.decided_at = await this.now();
    this.save();
    if (account.allow_listed !== approve) {
      await this.chain.setAllowed(account.address, approve);
      account.allow_listed = approve;
      this.save();
    }
    this.log(`${approve ? "approved" : "rejected"} ${address}`);
    return account;
  }

  /**
   * One processing pass, queued after any pass in flight: a caller that just moved the clock (the devnet's
   * `time advance`) gets a pass that sees the new time, never one that started before it.
   */
  readonly tick = passes(() => this.pass());

  private async pass(): Promise<void> {
    if (await scanTransfers(this.chain, this.state)) this.save();
    await settleDue(this.chain, this.state, await this.now(), this.save, this.log);
  }

  /** Business-day NAV strikes of the last `days` calendar days, oldest first. */
  navHistory(now: number, days: number) {
    const latest = lastStrike(now);
    const out: { date: string; per_share: string; struck_at: number }[] = [];
    for (let d = latest.date, i = 0; i < days; i++, d = addDays(d, -1)) {
      if (isBusinessDay(d))
        out.push({ date: isoDate(d), per_share: formatNav(navOn(d)), struck_at: strikeAt(d) });
    }
    return out.reverse();
  }
}
