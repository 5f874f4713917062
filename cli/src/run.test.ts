import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { groups, manifest } from "@compass/sdk/manifest";
import { afterAll, describe, expect, test } from "vitest";
import { complete, completionScript, SHELLS } from "./completion.ts";
import type { Io } from "./context.ts";
import { EXTRA_COMMANDS } from "./extras.ts";
import { kebab } from "./flags.ts";
import { commandFields, commandHelp, EXIT_PENDING, GLOBAL_FLAG_NAMES, GLOBAL_FLAGS } from "./help.ts";
import { run } from "./run.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "compass-cli-"));
  dirs.push(d);
  return d;
};

/** An Io with captured streams and a fetch answering from `answer(url, init)`; no config file unless given. */
function fakeIo(
  answer: (url: string, init: RequestInit) => Response = () => Response.json({ ok: true }),
  env: Record<string, string> = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const sent: { url: string; init: RequestInit }[] = [];
  const io: Io = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: { XDG_CONFIG_HOME: tmp(), ...env },
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer(url, init);
    }) as unknown as typeof fetch,
    sleep: async () => {},
    openUrl: async () => false,
  };
  return { io, out: () => out.join(""), err: () => err.join(""), sent };
}

describe("flags", () => {
  test("behavior: an unknown flag is refused with a suggestion, before any request", async () => {
    const f = fakeIo();
    const code = await run(["onramp", "status", "--payment-idd", "p1"], f.io);
    expect(code).toBe(1);
    expect(f.err()).toMatch(/Unknown flag '--payment-idd'\. Did you mean '--payment-id'\?/);
    expect(f.sent).toHaveLength(0);
    const buy = fakeIo();
    expect(await run(["onramp", "buy", "--owner", "0x1", "--amount", "5", "--max-wiat", "1s"], buy.io)).toBe(
      1,
    );
    expect(buy.err()).toMatch(/Did you mean '--max-wait'/);
    const group = fakeIo();
    expect(await run(["perpetual-tradin", "positions"], group.io)).toBe(1);
    expect(group.err()).toMatch(/Did you mean 'perpetual-trading'/);
  });

  test("default: every flag a command accepts is in its help; every global flag in the global help", () => {
    for (const op of manifest) {
      const help = commandHelp(groups.find((g) => g.group === op.group)!, op);
      for (const f of commandFields(op))
        expect(help, `${op.operationId} --${kebab(f.name)}`).toContain(`--${kebab(f.name)}`);
      for (const s of Object.values(op.cli.short)) expect(help).toContain(`-${s}, `);
    }
    for (const name of GLOBAL_FLAG_NAMES) expect(GLOBAL_FLAGS, name).toContain(`--${name}`);
    for (const list of Object.values(EXTRA_COMMANDS))
      for (const c of list)
        for (const name of c.flags) expect(c.help, `${c.name} --${name}`).toContain(`--${name}`);
    expect(GLOBAL_FLAGS).toContain("--color <when>");
    expect(GLOBAL_FLAGS).toMatch(new RegExp(`${EXIT_PENDING} stopped waiting`));
  });

  test("parameters: --include-headers prints the status and headers before the body", async () => {
    const f = fakeIo(() => Response.json({ status: "pending" }, { headers: { "x-request-id": "req_1" } }));
    expect(
      await run(["onramp", "status", "--payment-id", "p1", "--include-headers", "-o", "json"], f.io),
    ).toBe(0);
    expect(f.out()).toMatch(
      /^HTTP 200\n(.*\n)*x-request-id: req_1\n(.*\n)*\n\{\n {2}"status": "pending"\n\}\n$/,
    );
  });

  test("parameters: --debug prints the request and the response (key redacted) to stderr", async () => {
    const f = fakeIo(() => Response.json({ status: "pending" }));
    const code = await run(
      ["onramp", "status", "--payment-id", "p1", "--debug", "--api-key-auth", "sk_secret_value_1"],
      f.io,
    );
    expect(code).toBe(0);
    expect(f.err()).toMatch(/> GET http:\/\/127\.0\.0\.1:3000\/v2\/onramp\/status\?payment_id=p1/);
    expect(f.err()).toMatch(/< 200 GET .*\n(.*\n)*\{"status":"pending"\}/);
    expect(f.err()).not.toContain("sk_secret_value_1");
  });
});

describe("output", () => {
  test("parameters: -o table lays out a map of maps (aave-markets: symbol → chain) as rows keyed by both", async () => {
    const info = (apy: string) => ({
      address: "0xa",
      supply_apy: apy,
      borrow_apy: "5",
      reserves: [{ address: "0xa" }],
    });
    const body = {
      markets: {
        USDC: {
          chains: { base: info("3.1"), arbitrum: info("2.9") },
          max_supply_apy: { chain: "base", supply_apy: "3.1" },
        },
        WETH: { chains: { base: info("1.5") }, max_supply_apy: { chain: "base", supply_apy: "1.5" } },
      },
    };
    const f = fakeIo(() => Response.json(body));
    expect(await run(["earn", "aave-markets", "-o", "table"], f.io)).toBe(0);
    const lines = f.out().trimEnd().split("\n");
    expect(lines[0]!.split(/ +/)).toEqual(["symbol", "chain", "address", "supply_apy", "borrow_apy"]);
    expect(lines.slice(2).map((l) => l.split(/ +/).slice(0, 2))).toEqual([
      ["USDC", "base"],
      ["USDC", "arbitrum"],
      ["WETH", "base"],
    ]);
    expect(lines[2]).toMatch(/3\.1 +5$/);
    // a query still prints what it selects
    const q = fakeIo(() => Response.json(body));
    await run(["earn", "aave-markets", "-o", "table", "-q", ".markets.WETH.max_supply_apy"], q.io);
    expect(q.out()).toMatch(/^chain: base\nsupply_apy: 1\.5\n$/);
  });
});

describe("exit codes", () => {
  test(`behavior: onramp buy that stops waiting exits ${EXIT_PENDING}, distinct from a failure (1)`, async () => {
    const answer = (url: string) => {
      if (url.includes("/quote"))
        return Response.json({
          quote_id: "q1",
          fiat_amount: "20",
          fiat_currency: "USD",
          output_amount: "19.5",
          exchange_rate: "1",
          fees: { provider_fee: "1", network_fee: "0.5" },
        });
      if (url.includes("/create")) return Response.json({ payment_id: "cos_1", checkout_url: "http://pay" });
      return Response.json({ payment_id: "cos_1", status: "pending" });
    };
    const f = fakeIo(answer);
    const argv = [
      "onramp",
      "buy",
      "--owner",
      "0x1",
      "--amount",
      "20",
      "--poll-interval",
      "1ms",
      "--max-wait",
      "0ms",
    ];
    expect(await run(argv, f.io)).toBe(EXIT_PENDING);
    expect(f.err()).toMatch(/may still complete/);
    const failed = fakeIo((url) =>
      url.includes("/status") ? Response.json({ status: "failed" }) : answer(url),
    );
    expect(await run(argv, failed.io)).toBe(1);
    const create = failed.sent.find((s) => s.url.includes("/create"))!;
    expect(new Headers(create.init.headers).get("idempotency-key")).toBeTruthy();
  });
});

describe("completion", () => {
  test("default: candidates for groups, commands, flags and enum values", () => {
    const c = (...w: string[]) => complete(w, groups, manifest, EXTRA_COMMANDS);
    expect(c("perp")).toEqual(["perpetual-trading"]);
    expect(c("")).toEqual(expect.arrayContaining(["onramp", "config", "completion"]));
    expect(c("pt", "market")).toEqual(["market-order"]);
    expect(c("onramp", "")).toEqual(expect.arrayContaining(["quote", "create", "status", "buy"]));
    expect(c("onramp", "buy", "--max")).toEqual(["--max-wait"]);
    expect(c("onramp", "status", "--pay")).toEqual(["--payment-id"]);
    expect(c("onramp", "status", "-o", "--output-format", "y")).toEqual(["yaml"]);
    expect(c("completion", "")).toEqual([...SHELLS]);
  });

  test.each(SHELLS)("default: %s script asks compass __complete", async (shell) => {
    const f = fakeIo();
    expect(await run(["completion", shell], f.io)).toBe(0);
    expect(f.out()).toBe(completionScript(shell));
    expect(f.out()).toContain("compass __complete");
  });

  test("behavior: bash completes through the real binary", () => {
    const bin = tmp();
    writeFileSync(
      join(bin, "compass"),
      `#!/bin/sh\nexec ${process.execPath} ${join(import.meta.dirname, "../bin/compass.mjs")} "$@"\n`,
      { mode: 0o755 },
    );
    const script = `${completionScript("bash")}\nCOMP_WORDS=(compass pt market-o); COMP_CWORD=2; _compass; echo "\${COMPREPLY[@]}"`;
    const out = execFileSync("bash", ["-c", script], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(out.toString().trim()).toBe("market-order");
  });
});

describe("compass config", () => {
  test("behavior: profiles in $XDG_CONFIG_HOME/compass/config.yaml (0600); env and flags override", async () => {
    const home = tmp();
    const env = { XDG_CONFIG_HOME: home };
    const cfg = (...a: string[]) => run(["config", ...a], fakeIo(undefined, env).io);
    expect(await cfg("set", "server-url", "http://staging.test")).toBe(0);
    expect(await cfg("set", "api-key-auth", "sk_staging_1")).toBe(0);
    expect(await cfg("set", "server-url", "http://prod.test", "--profile", "prod")).toBe(0);
    const path = join(home, "compass", "config.yaml");
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const call = async (extra: string[], e: Record<string, string> = {}) => {
      const f = fakeIo(() => Response.json({}), { ...env, ...e });
      expect(await run(["onramp", "status", "--payment-id", "p", ...extra], f.io)).toBe(0);
      return { url: f.sent[0]!.url, key: new Headers(f.sent[0]!.init.headers).get("x-api-key") };
    };
    expect(await call([])).toEqual({
      url: "http://staging.test/v2/onramp/status?payment_id=p",
      key: "sk_staging_1",
    });
    expect((await call(["--profile", "prod"])).url).toMatch(/^http:\/\/prod\.test\//);
    expect((await call([], { COMPASS_PROFILE: "prod" })).url).toMatch(/^http:\/\/prod\.test\//);
    expect((await call([], { COMPASS_SERVER_URL: "http://env.test" })).url).toMatch(/^http:\/\/env\.test\//);
    expect(
      (await call(["--server-url", "http://flag.test"], { COMPASS_SERVER_URL: "http://env.test" })).url,
    ).toMatch(/^http:\/\/flag\.test\//);
    expect(await cfg("use", "prod")).toBe(0);
    expect((await call([])).url).toMatch(/^http:\/\/prod\.test\//);
    const list = fakeIo(undefined, env);
    await run(["config", "list"], list.io);
    expect(list.out()).toContain("current_profile: prod");
    expect(list.out()).not.toContain("sk_staging_1");
    const bad = fakeIo(undefined, env);
    expect(await run(["onramp", "status", "--payment-id", "p", "--profile", "nope"], bad.io)).toBe(1);
  });
});

describe("a write's simulation", () => {
  const simulation = {
    chain: "arbitrum",
    block_number: 450,
    block_timestamp: 1_798_401_411,
    transactions: 1,
    asset_changes: [
      {
        holder: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
        role: "wallet",
        token: { address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE", symbol: "ETH", decimals: 18 },
        amount_raw: "-10000000000000000",
        amount: "-0.01",
        usd: "-30.318675",
        liability: false,
      },
      {
        holder: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
        role: "wallet",
        token: { address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", symbol: "WETH", decimals: 18 },
        amount_raw: "10000000000000000",
        amount: "0.01",
        usd: "30.318675",
        liability: false,
      },
    ],
    approvals: [
      {
        owner: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
        role: "wallet",
        token: { address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", symbol: "USDC", decimals: 6 },
        spender: "0x1111111111111111111111111111111111111111",
        kind: "erc20",
        amount_raw: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
        amount: null,
        unlimited: true,
        expiry: null,
      },
    ],
    gas_used: "45041",
    fee: { payer: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720", native: "0.000045041", usd: "0.136558" },
    net_usd: "0",
    outcome: {},
    warnings: [{ code: "unlimited_approval", message: "0x1111… may take any amount of USDC" }],
    settles_later: false,
    settles_later_note: null,
  };
  const answer = () => Response.json({ simulation, transaction: { to: "0x82aF", data: "0xd0e30db0" } });
  const argv = [
    "generic",
    "wrap-eth",
    "--chain",
    "arbitrum",
    "--sender",
    "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
    "--amount",
    "0.01",
  ];

  test("behavior: the table goes to stderr before the payload; asked first at a terminal, not with --yes", async () => {
    const asked: string[] = [];
    const f = fakeIo(answer);
    f.io.confirm = async (q) => {
      asked.push(q);
      return false;
    };
    expect(await run([...argv, "--color", "never"], f.io)).toBe(1);
    expect(f.err()).toMatch(/What this does \(simulated on arbitrum at block 450, 1 transaction\)/);
    expect(f.err()).toMatch(/ETH\s+-0\.01\s+-\$30\.32/);
    expect(f.err()).toMatch(/WETH\s+\+0\.01\s+\+\$30\.32/);
    expect(f.err()).toMatch(/may spend any amount of USDC/);
    expect(f.err()).toMatch(/warning \(unlimited_approval\)/);
    expect(asked).toEqual(["1 warning above. Print the transaction to sign?"]);
    // declined: nothing to sign was printed
    expect(f.out()).toBe("");

    const yes = fakeIo(answer);
    yes.io.confirm = async () => {
      throw new Error("--yes must not ask");
    };
    expect(await run([...argv, "--yes", "--color", "never"], yes.io)).toBe(0);
    expect(yes.out()).toMatch(/d0e30db0/);

    // json (scripts, agents): no table, no question; the simulation is in the answer, first
    const json = fakeIo(answer);
    json.io.confirm = async () => {
      throw new Error("json output must not ask");
    };
    expect(await run([...argv, "-o", "json"], json.io)).toBe(0);
    expect(json.err()).toBe("");
    expect(Object.keys(JSON.parse(json.out()))[0]).toBe("simulation");
  });
});
