// The sandbox wallet's deliveries go through the SSRF guard (lib/net/outbound-guard.ts): a callback
// URL or a resend URL on an internal address is never requested, and no internal service's reply
// ever lands in a callback log. The "internal service" is a real HTTP server on 127.0.0.1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashInBody, sandboxWalletPerFile, eventually, startCallbackReceiver, type CallbackReceiver } from "@/test/support/sandbox-wallet";
import { callbackLogs } from "./schema";

// The fixture's receiver plays the internal service; the trusted one is the host's own receiver.
let trustedReceiver: CallbackReceiver;
const sandbox = sandboxWalletPerFile(async ({ receiver: internalService, stopAfterAll }) => {
  internalService.answer(() => ({ status: 200, body: '{"internal":"database password is hunter2"}', contentType: "application/json" }));
  trustedReceiver = stopAfterAll(await startCallbackReceiver());
  // Production policy: no private addresses, except the host's own receiver (as the dashboard passes it).
  return { outboundPolicy: { allowPrivateAddresses: false, trustedUrlPrefixes: [trustedReceiver.url("/api/callbacks/wallet/")] } };
});

async function logsOf(transactionId: string) {
  return sandbox.connection.db.select().from(callbackLogs).where(eq(callbackLogs.transactionId, transactionId));
}

describe("sandbox callback deliveries through the SSRF guard", () => {
  it("refuses a callback URL on 127.0.0.1: nothing is sent and the log says why, without any internal reply", async () => {
    const internalUrl = sandbox.receiver.url("/internal-admin");
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(internalUrl) });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`)).status).toBe(200);
    const [log] = await eventually("the refused attempt's log", async () => {
      const logs = await logsOf(id);
      return logs.some((entry) => entry.status === "FAILED") && logs;
    });
    expect(log!.responseStatus).toBe(0);
    expect(JSON.stringify(log!.response)).toMatch(/refused: 127\.0\.0\.1 \(loopback\) is an internal address/);
    expect(JSON.stringify(await logsOf(id))).not.toContain("hunter2");
    expect(sandbox.receiver.received).toEqual([]);
  });

  it("refuses a resend to internal addresses in other spellings (decimal, IPv6 loopback, IPv4-mapped, metadata)", async () => {
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody(trustedReceiver.url("/api/callbacks/wallet/secret")),
    });
    const id = created.body.data.id as string;
    const port = new URL(sandbox.receiver.url("/")).port;
    const targets = [
      `http://2130706433:${port}/x`,
      `http://[::1]:${port}/x`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
      "http://169.254.169.254/latest/meta-data/",
      `http://localhost:${port}/x`,
    ];
    for (const newCallbackUrl of targets) {
      expect((await sandbox.served.call("POST", "/api/v1/simulations/resend/callback", { body: { id, newCallbackUrl } })).status).toBe(200);
    }
    const logs = await eventually("a refused log for every resend", async () => {
      const all = await logsOf(id);
      return all.filter((entry) => entry.status === "FAILED").length >= targets.length && all;
    });
    for (const entry of logs.filter((log) => log.status === "FAILED"))
      expect(JSON.stringify(entry.response)).toMatch(/refused: .*internal address/);
    expect(JSON.stringify(logs)).not.toContain("hunter2");
    expect(sandbox.receiver.received).toEqual([]);
  });

  it("still delivers to the host's own receiver, even on 127.0.0.1", async () => {
    const path = "/api/callbacks/wallet/secret-own";
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", { body: cashInBody(trustedReceiver.url(path)) });
    const id = created.body.data.id as string;
    await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`);
    await eventually("the callback at the trusted receiver", () => trustedReceiver.received.some((callback) => callback.path === path));
    const logs = await eventually("the successful log", async () => {
      const all = await logsOf(id);
      return all.some((entry) => entry.status === "SUCCESS") && all;
    });
    expect(logs.find((entry) => entry.status === "SUCCESS")!.responseStatus).toBe(200);
  });

  it("still attempts a public-looking URL: it fails as an unreachable host, not as a refusal", async () => {
    const created = await sandbox.served.call("POST", "/api/v1/wallets/in", {
      body: cashInBody("https://callbacks.merchant.invalid/hook"),
    });
    const id = created.body.data.id as string;
    await sandbox.served.call("POST", `/control/cash-ins/${id}/pay`);
    const [log] = await eventually("the failed attempt's log", async () => {
      const logs = await logsOf(id);
      return logs.some((entry) => entry.status === "FAILED") && logs;
    });
    expect(JSON.stringify(log!.response)).not.toMatch(/refused/);
    expect(JSON.stringify(log!.response)).toMatch(/host not found|request failed/);
  });
});
