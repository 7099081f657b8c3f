// The SSRF guard for requests the server makes to URLs someone else chose. Neutral code: the
// dashboard (lib/net/outbound-fetch.ts) and the embedded sandbox wallet (which never imports
// dashboard code) both use it. Addresses are classified by ipaddr.js; the check runs on the URL
// before anything is sent, on every DNS answer the connection uses, on the socket's remote address
// once connected (DNS rebinding) and on every redirect hop.
import { lookup as systemLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import type { Socket } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";

export type OutboundRefusalCode = "unsupported_scheme" | "credentials_in_url" | "internal_address" | "too_many_redirects" | "malformed_url";

export class OutboundUrlRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly code: OutboundRefusalCode = "internal_address",
    /** The address that was refused, when the refusal is about one. */
    readonly address?: string,
  ) {
    super(`Refused to request ${redactUrl(url)}: ${reason}`);
    this.name = "OutboundUrlRefusedError";
  }
}

export type DnsLookup = (hostname: string) => Promise<string[]>;

export type OutboundPolicy = {
  /** Lets requests reach loopback/private/link-local addresses (local development and the test suite only). */
  allowPrivateAddresses: boolean;
  /**
   * URLs starting with one of these (same origin, path prefix) skip the address check: the
   * dashboard's own callback receiver, which lives on APP_URL (often localhost).
   */
  trustedUrlPrefixes?: readonly string[];
  /** Redirects followed when the caller asks to follow them. Default 5. */
  maxRedirects?: number;
  /** Replaces the system resolver (tests: a name that resolves to 127.0.0.1, or rebinds). */
  lookup?: DnsLookup;
};

/** The address and its kind ("127.0.0.1 (loopback)") when it may not be reached; undefined for an ordinary public unicast address. */
export function internalAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return `${bare.slice(0, 60)} (not an IP address)`;
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  // Only plain unicast is public. Everything else (loopback, private, linkLocal, uniqueLocal,
  // multicast, unspecified, carrierGradeNat, reserved, 6to4/teredo/NAT64 wrappers that can embed
  // an internal IPv4 address...) is refused.
  return range === "unicast" ? undefined : `${parsed.toString()} (${describeRange(range)})`;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    loopback: "loopback",
    private: "private",
    linkLocal: "link-local",
    uniqueLocal: "unique-local",
    multicast: "multicast",
    unspecified: "unspecified",
    broadcast: "broadcast",
    carrierGradeNat: "carrier-grade NAT",
  };
  return names[range] ?? `non-public: ${range}`;
}

/** The URL's host as an IP address when it is a literal one (WHATWG parsing has already turned 2130706433, 0x7f.1 or 0177.0.0.1 into 127.0.0.1). */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) ? bare : undefined;
}

const defaultLookup: DnsLookup = (hostname) =>
  new Promise((resolve, reject) => {
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });

export function isTrustedUrl(url: URL, policy: OutboundPolicy): boolean {
  return (policy.trustedUrlPrefixes ?? []).some((prefix) => {
    const trusted = new URL(prefix);
    return url.origin === trusted.origin && url.pathname.startsWith(trusted.pathname) && !url.username && !url.password;
  });
}

function parseOutboundUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlRefusedError(String(url), "it is not an absolute URL", "malformed_url");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new OutboundUrlRefusedError(parsed.href, "only http and https URLs are allowed", "unsupported_scheme");
  if (parsed.username || parsed.password)
    throw new OutboundUrlRefusedError(parsed.href, "URLs with a user name or password are not allowed", "credentials_in_url");
  return parsed;
}

/**
 * Refuses a URL whose host is, or resolves to, an internal address. A name that does not resolve
 * is let through (the request itself then fails with "host not found"): refusing is only for
 * addresses known to be internal.
 */
export async function assertOutboundUrlAllowed(url: string | URL, policy: OutboundPolicy): Promise<URL> {
  const parsed = parseOutboundUrl(url);
  if (policy.allowPrivateAddresses || isTrustedUrl(parsed, policy)) return parsed;
  const literal = literalAddress(parsed.hostname);
  const addresses = literal ? [literal] : await (policy.lookup ?? defaultLookup)(parsed.hostname).catch(() => [] as string[]);
  for (const address of addresses) {
    const reason = internalAddressReason(address);
    if (reason)
      throw new OutboundUrlRefusedError(
        parsed.href,
        literal ? `${reason} is an internal address` : `${parsed.hostname} resolves to ${reason}, an internal address`,
        "internal_address",
        address,
      );
  }
  return parsed;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A net.connect lookup that only ever hands the socket public addresses. */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    const resolve = policy.lookup ?? defaultLookup;
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.map((address) => [address, internalAddressReason(address)] as const).find(([, reason]) => reason);
        if (refused)
          return callback(
            new OutboundUrlRefusedError(
              `http://${hostname}/`,
              `${hostname} resolves to ${refused[1]}, an internal address`,
              "internal_address",
              refused[0],
            ),
            "",
          );
        if (!addresses.length) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "");
        const entries = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        if ((options as LookupAllOptions).all) return callback(null, entries);
        callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

const agents = new Map<string, Agent>();

/** An undici Agent whose every connection is checked: resolved addresses, then the connected one. */
function guardedAgent(policy: OutboundPolicy): Agent {
  const key = policy.lookup ? undefined : "strict";
  const cached = key ? agents.get(key) : undefined;
  if (cached) return cached;
  const connector = buildConnector({ lookup: guardedLookup(policy) as never });
  const agent = new Agent({
    connect(options, callback) {
      connector(options, (error, socket) => {
        if (error) return callback(error, null);
        // The address actually connected to: covers IP literals and any resolver surprise.
        const remote = (socket as Socket).remoteAddress;
        const reason = remote ? internalAddressReason(remote) : "the connected address is unknown";
        if (reason) {
          socket!.destroy();
          return callback(
            new OutboundUrlRefusedError(
              `${options.protocol}//${options.hostname}`,
              `the connection reached ${reason}, an internal address`,
              "internal_address",
              remote,
            ),
            null,
          );
        }
        callback(null, socket!);
      });
    },
  });
  if (key) agents.set(key, agent);
  return agent;
}

const permissiveAgent = new Agent();

function refusalIn(error: unknown): OutboundUrlRefusedError | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof OutboundUrlRefusedError) return current;
  }
  return undefined;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * fetch with the guard. Redirects are followed here (not by fetch) so each hop is checked and a
 * refusal names the hop; `redirect: "manual"` returns the 3xx as it is.
 */
export async function guardedFetch(url: string | URL, init: RequestInit = {}, policy: OutboundPolicy): Promise<Response> {
  const maxRedirects = policy.maxRedirects ?? 5;
  let current = parseOutboundUrl(url);
  let requestInit: RequestInit = { ...init, redirect: "manual" };
  for (let hop = 0; ; hop++) {
    const trusted = policy.allowPrivateAddresses || isTrustedUrl(current, policy);
    if (!trusted) await assertOutboundUrlAllowed(current, policy);
    let response: Response;
    try {
      response = (await undiciFetch(current, {
        ...(requestInit as UndiciRequestInit),
        dispatcher: trusted ? permissiveAgent : guardedAgent(policy),
      })) as unknown as Response;
    } catch (error) {
      const refusal = refusalIn(error);
      if (refusal) throw new OutboundUrlRefusedError(current.href, refusal.reason, refusal.code, refusal.address);
      throw error;
    }
    const location = response.headers.get("location");
    if (init.redirect === "manual" || !redirectStatuses.has(response.status) || !location) return response;
    if (init.redirect === "error") throw new TypeError(`fetch failed: redirected to ${redactUrl(location)}`);
    await response.body?.cancel().catch(() => {});
    if (hop >= maxRedirects) throw new OutboundUrlRefusedError(current.href, `more than ${maxRedirects} redirects`, "too_many_redirects");
    const next = parseOutboundUrl(new URL(location, current));
    // As fetch does: 303 (and 301/302 after a POST) turn into a GET without a body.
    const method = (requestInit.method ?? "GET").toUpperCase();
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      requestInit = { ...requestInit, method: "GET", body: undefined };
    }
    current = next;
  }
}

/** Binds a policy: a drop-in `fetch` for code that takes one as a dependency (the sandbox wallet). */
export function createGuardedFetch(policy: OutboundPolicy): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) =>
    guardedFetch(input instanceof Request ? input.url : input, init, policy)) as typeof fetch;
}

/** The URL without its path and query: enough to say where, without leaking secrets in the path. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return "(malformed URL)";
  }
}
