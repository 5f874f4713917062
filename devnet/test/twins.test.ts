import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DevnetAddressBook, DevnetHandle } from "../src/index.ts";
import { venueTwin } from "../src/twins/hyperliquid/spec.ts";
import { twinAddressBookEntry } from "../src/twins/supervisor.ts";
import { counterTwin } from "./fixtures/twin-spec.ts";
import { devnetForFile } from "./helpers.ts";

let devnet: DevnetHandle;
const { dir, portBase } = devnetForFile(
  "twins",
  1000,
  { chains: ["ethereum"], earn: false, twins: [counterTwin] },
  (d) => {
    devnet = d;
  },
);
const url = `http://127.0.0.1:${portBase + 10}`;
const call = (path: string, method = "GET") =>
  fetch(`${url}${path}`, { method, headers: { "x-api-key": "devnet-counter-key" } }).then((r) => r.json());

describe("twins", () => {
  it("run on portBase + 10 + index and are listed in the address book", async () => {
    const book = JSON.parse(readFileSync(devnet.addressBookPath, "utf8")) as DevnetAddressBook;
    expect(book.twins.counter).toEqual({ url, apiKey: "devnet-counter-key", kind: "test" });
    expect(await call("/info")).toEqual({
      count: 0,
      port: portBase + 10,
      ethereum: devnet.chains.ethereum!.rpcUrl,
    });
  });

  it("keep their state across stopTwin/startTwin", async () => {
    await call("/increment", "POST");
    await call("/increment", "POST");
    await devnet.stopTwin("counter");
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    expect(existsSync(`${dir}/twins/counter/state.json`)).toBe(true);
    await devnet.startTwin("counter");
    expect(await call("/info")).toMatchObject({ count: 2 });
  });
});

describe("twin settings in the address book", () => {
  it("default: the venue is listed as Mainnet", () => {
    expect(twinAddressBookEntry(venueTwin, 8545, undefined, {})).toMatchObject({
      url: "http://127.0.0.1:8556",
      apiKey: "devnet-venue-admin",
      network: "Mainnet",
    });
  });

  it("parameters: COMPASS_DEVNET_VENUE_NETWORK or startDevnet({twinSettings}) pick Testnet; anything else is refused", () => {
    const env = { COMPASS_DEVNET_VENUE_NETWORK: "Testnet" };
    expect(twinAddressBookEntry(venueTwin, 8545, undefined, env).network).toBe("Testnet");
    expect(twinAddressBookEntry(venueTwin, 8545, { network: "Mainnet" }, env).network).toBe("Mainnet");
    expect(twinAddressBookEntry(venueTwin, 8545, { network: "Testnet" }, {}).network).toBe("Testnet");
    expect(() => twinAddressBookEntry(venueTwin, 8545, { network: "testnet" }, {})).toThrow(
      'twinSettings.venue.network must be "Mainnet" or "Testnet", got "testnet"',
    );
    expect(() =>
      twinAddressBookEntry(venueTwin, 8545, undefined, { COMPASS_DEVNET_VENUE_NETWORK: "Devnet" }),
    ).toThrow(/COMPASS_DEVNET_VENUE_NETWORK must be/);
    // a twin without settings lists what it is given
    expect(twinAddressBookEntry(counterTwin, 8545, { flavour: "x" }, {})).toMatchObject({ flavour: "x" });
  });
});
