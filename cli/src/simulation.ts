/**
 * A write's `simulation`, as a person reads it before signing: what leaves and arrives for each holder, the
 * approvals left behind, the fee, and the warnings. Printed on stderr ahead of the payload.
 */

interface Change {
  holder: string;
  role: string;
  token: { address: string; symbol: string | null };
  amount: string | null;
  amount_raw: string;
  usd: string | null;
}
interface Approval {
  owner: string;
  token: { address: string; symbol: string | null };
  spender: string;
  amount: string | null;
  amount_raw: string;
  unlimited: boolean;
}
export interface SimulationView {
  chain: string;
  block_number: number;
  transactions: number;
  asset_changes: Change[];
  approvals: Approval[];
  gas_used: string;
  fee: { payer: string; native: string; usd: string | null } | null;
  net_usd: string | null;
  outcome: Record<string, string | null>;
  warnings: { code: string; message: string }[];
  settles_later: boolean;
  settles_later_note: string | null;
}

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const usd = (v: string | null) =>
  v === null ? "" : `${v.startsWith("-") ? "-" : "+"}$${Number(v.replace("-", "")).toFixed(2)}`;

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map(
    (r) =>
      `  ${r
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd()}`,
  );
}

export function simulationText(sim: SimulationView, color: boolean): string {
  const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[0m` : s);
  const warn = (s: string) => (color ? `\u001b[33m${s}\u001b[0m` : s);
  const lines = [
    bold(
      `What this does (simulated on ${sim.chain} at block ${sim.block_number}, ${sim.transactions} transaction${sim.transactions === 1 ? "" : "s"})`,
    ),
  ];
  if (sim.asset_changes.length === 0) lines.push("  no balance changes");
  else
    lines.push(
      ...table([
        ["holder", "token", "change", "USD"],
        ...sim.asset_changes.map((c) => [
          `${short(c.holder)} (${c.role})`,
          c.token.symbol ?? short(c.token.address),
          c.amount === null ? `${c.amount_raw} (raw)` : `${c.amount.startsWith("-") ? "" : "+"}${c.amount}`,
          usd(c.usd),
        ]),
      ]),
    );
  for (const a of sim.approvals)
    lines.push(
      `  approval: ${short(a.spender)} may spend ${a.unlimited ? "any amount of" : (a.amount ?? a.amount_raw)} ${a.token.symbol ?? short(a.token.address)} of ${short(a.owner)}`,
    );
  if (sim.fee)
    lines.push(
      `  fee: ${sim.fee.native} native${sim.fee.usd ? ` (${usd(`-${sim.fee.usd}`)})` : ""}, gas ${sim.gas_used}`,
    );
  else lines.push(`  fee: paid by a relayer or bundler, gas ${sim.gas_used}`);
  if (sim.net_usd !== null) lines.push(`  net: ${usd(sim.net_usd)}`);
  for (const [k, v] of Object.entries(sim.outcome)) if (v !== null) lines.push(`  ${k}: ${v}`);
  if (sim.settles_later) lines.push(`  settles later: ${sim.settles_later_note}`);
  for (const w of sim.warnings) lines.push(warn(`  warning (${w.code}): ${w.message}`));
  return `${lines.join("\n")}\n`;
}
