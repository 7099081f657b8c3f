// The SSRF guard against real local HTTP servers: internal addresses in every spelling are refused
// before anything is sent, so the "internal service" below must never see a request.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  assertOutboundUrlAllowed,
  guardedFetch,
  internalAddressReason,
  OutboundUrlRefusedError,
  type OutboundPolicy,
} from "@/lib/net/outbound-guard";

type TestServer = { server: Server; port: number; hits: string[] };

async function listen(
  handler: (path: string, respond: (status: number, headers?: Record<string, string>, body?: string) => void) => void,
  host = "127.0.0.1",
): Promise<TestServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? "");
    handler(request.url ?? "", (status, headers = {}, body = "") => {
      response.writeHead(status, headers);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

let internal: TestServer;
let internalV6: TestServer | undefined;
let redirector: TestServer;
const strict: OutboundPolicy = { allowPrivateAddresses: false };

beforeAll(async () => {
  internal = await listen((_path, respond) => respond(200, { "content-type": "application/json" }, '{"secret":"internal reply"}'));
  internalV6 = await listen((_path, respond) => respond(200, {}, "internal v6 reply"), "::1").catch(() => undefined);
  redirector = await listen((path, respond) => {
    const target = decodeURIComponent(path.replace(/^\/trusted\/redirect\?to=/, ""));
    respond(302, { location: target });
  });
});
afterAll(async () => {
  for (const test of [internal, internalV6, redirector]) if (test) await new Promise((resolve) => test.server.close(resolve));
});
beforeEach(() => {
  internal.hits.length = 0;
  if (internalV6) internalV6.hits.length = 0;
});

async function refusal(promise: Promise<unknown>): Promise<OutboundUrlRefusedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundUrlRefusedError);
  return error as OutboundUrlRefusedError;
}

describe("the outbound URL guard", () => {
  it.each([
    ["IPv4 loopback", () => `http://127.0.0.1:${internal.port}/`],
    ["another loopback address", () => `http://127.1.2.3:${internal.port}/`],
    ["decimal IPv4", () => `http://2130706433:${internal.port}/`],
    ["octal IPv4", () => `http://0177.0.0.1:${internal.port}/`],
    ["hex IPv4", () => `http://0x7f.0.0.1:${internal.port}/`],
    ["short hex IPv4", () => `http://0x7f000001:${internal.port}/`],
    ["IPv6 loopback", () => `http://[::1]:${internal.port}/`],
    ["IPv4-mapped IPv6", () => `http://[::ffff:127.0.0.1]:${internal.port}/`],
    ["IPv4-mapped IPv6 in hex", () => `http://[::ffff:7f00:1]:${internal.port}/`],
    ["the cloud metadata address (link-local)", () => "http://169.254.169.254/latest/meta-data/"],
    ["private 10/8", () => "http://10.1.2.3/"],
    ["private 172.16/12", () => "http://172.16.0.1/"],
    ["private 192.168/16", () => "https://192.168.1.1/"],
    ["carrier-grade NAT", () => "http://100.64.0.1/"],
    ["IPv6 link-local", () => "http://[fe80::1]/"],
    ["IPv6 unique-local", () => "http://[fd12:3456::1]/"],
    ["IPv4 multicast", () => "http://224.0.0.1/"],
    ["IPv6 multicast", () => "http://[ff02::1]/"],
    ["IPv4 unspecified", () => `http://0.0.0.0:${internal.port}/`],
    ["IPv6 unspecified", () => `http://[::]:${internal.port}/`],
    ["6to4 wrapping 127.0.0.1", () => "http://[2002:7f00:1::]/"],
    ["NAT64 wrapping 127.0.0.1", () => "http://[64:ff9b::7f00:1]/"],
  ])("refuses %s before sending anything", async (_name, url) => {
    const error = await refusal(guardedFetch(url(), { method: "POST", body: "{}" }, strict));
    expect(error.code).toBe("internal_address");
    expect(error.reason).toMatch(/internal address/);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a host name that resolves to 127.0.0.1 (localhost, and any name via DNS)", async () => {
    const viaLocalhost = await refusal(guardedFetch(`http://localhost:${internal.port}/`, {}, strict));
    expect(viaLocalhost.reason).toMatch(/^localhost resolves to (127\.0\.0\.1|::1) \(loopback\)/);
    const viaDns = await refusal(
      guardedFetch(`http://attacker.example:${internal.port}/`, {}, { ...strict, lookup: async () => ["127.0.0.1"] }),
    );
    expect(viaDns.address).toBe("127.0.0.1");
    expect(internal.hits).toEqual([]);
  });

  it("refuses a name that rebinds to 127.0.0.1 between the check and the connection", async () => {
    let lookups = 0;
    // First answer public (the URL check), then loopback (the connection): the connect-time check catches it.
    const rebinding = async () => (lookups++ === 0 ? ["93.184.215.14"] : ["127.0.0.1"]);
    const error = await refusal(guardedFetch(`http://rebind.example:${internal.port}/`, {}, { ...strict, lookup: rebinding }));
    expect(lookups).toBe(2);
    expect(error.address).toBe("127.0.0.1");
    expect(internal.hits).toEqual([]);
  });

  it("refuses a redirect to an internal address, by IP or by a name resolving to one", async () => {
    const trusted: OutboundPolicy = { ...strict, trustedUrlPrefixes: [`http://127.0.0.1:${redirector.port}/trusted/`] };
    for (const target of [
      `http://127.0.0.1:${internal.port}/admin`,
      `http://localhost:${internal.port}/admin`,
      `http://[::1]:${internal.port}/admin`,
    ]) {
      const error = await refusal(
        guardedFetch(
          `http://127.0.0.1:${redirector.port}/trusted/redirect?to=${encodeURIComponent(target)}`,
          { method: "POST", body: "{}" },
          trusted,
        ),
      );
      expect(error.code).toBe("internal_address");
    }
    expect(internal.hits).toEqual([]);
    // redirect: "manual" hands back the 3xx without following it.
    const manual = await guardedFetch(
      `http://127.0.0.1:${redirector.port}/trusted/redirect?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/`)}`,
      { redirect: "manual" },
      trusted,
    );
    expect(manual.status).toBe(302);
    expect(internal.hits).toEqual([]);
  });

  it("lets a trusted URL prefix (the dashboard's own receiver) through, and only that prefix", async () => {
    const trusted: OutboundPolicy = { ...strict, trustedUrlPrefixes: [`http://127.0.0.1:${internal.port}/api/callbacks/wallet/`] };
    const response = await guardedFetch(
      `http://127.0.0.1:${internal.port}/api/callbacks/wallet/secret`,
      { method: "POST", body: "{}" },
      trusted,
    );
    expect(response.status).toBe(200);
    await refusal(guardedFetch(`http://127.0.0.1:${internal.port}/api/other`, {}, trusted));
    expect(internal.hits).toEqual(["/api/callbacks/wallet/secret"]);
  });

  it("still attempts a public-looking URL: a name that does not resolve fails as 'host not found', not as a refusal", async () => {
    const error = await guardedFetch("https://callbacks.merchant.invalid/hook", { method: "POST", body: "{}" }, strict).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(OutboundUrlRefusedError);
    await expect(assertOutboundUrlAllowed("https://callbacks.merchant.invalid/hook", strict)).resolves.toBeInstanceOf(URL);
    await expect(assertOutboundUrlAllowed("https://8.8.8.8/hook", strict)).resolves.toBeInstanceOf(URL);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    expect((await refusal(guardedFetch("file:///etc/passwd", {}, strict))).code).toBe("unsupported_scheme");
    expect((await refusal(guardedFetch("ftp://example.com/", {}, strict))).code).toBe("unsupported_scheme");
    expect((await refusal(guardedFetch("http://user:pass@example.com/", {}, strict))).code).toBe("credentials_in_url");
  });

  it("reaches private addresses only when the setting allows them (local development, tests)", async () => {
    const response = await guardedFetch(`http://127.0.0.1:${internal.port}/`, {}, { allowPrivateAddresses: true });
    expect(await response.json()).toEqual({ secret: "internal reply" });
    if (internalV6) {
      const v6 = await guardedFetch(`http://[::1]:${internalV6.port}/`, {}, { allowPrivateAddresses: true });
      expect(await v6.text()).toBe("internal v6 reply");
    }
  });

  it("classifies addresses with ipaddr.js: public unicast passes, the rest is named", () => {
    expect(internalAddressReason("93.184.215.14")).toBeUndefined();
    expect(internalAddressReason("2606:4700:4700::1111")).toBeUndefined();
    expect(internalAddressReason("::ffff:10.0.0.1")).toBe("10.0.0.1 (private)");
    expect(internalAddressReason("fe80::1%eth0")).toBe("fe80::1 (link-local)");
  });
});
