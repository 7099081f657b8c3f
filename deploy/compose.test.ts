// compose.yaml checked without a container engine (none runs on our machines): the hardening an
// SRE review asks of every dashboard instance, the trial-only switch kept out of the main file, the
// proxy's readiness checks faster than the drain, and the Prometheus files it mounts (every metric
// an alert rule names is one the dashboard serves).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.join(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  mem_limit?: string;
  cpus?: number;
  stop_grace_period?: string;
  logging?: { driver: string; options?: Record<string, string> };
  environment?: Record<string, string>;
  tmpfs?: string[];
  profiles?: string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? Number.NaN);

describe("compose.yaml", () => {
  const dashboards = Object.entries(compose.services).filter(([name]) => name.startsWith("dashboard-"));

  it("runs two dashboards, each read-only, with no capabilities, no new privileges, limits and rotated logs", () => {
    expect(dashboards).toHaveLength(2);
    for (const [, service] of dashboards) {
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(["ALL"]);
      expect(service.security_opt).toContain("no-new-privileges:true");
      expect(service.mem_limit).toBeTruthy();
      expect(service.cpus).toBeGreaterThan(0);
      expect(service.logging?.options?.["max-size"]).toBeTruthy();
      expect(service.tmpfs?.some((mount) => mount.startsWith("/tmp"))).toBe(true);
    }
  });

  it("gives the drain its time: a grace period above the shutdown timeout, readiness checked faster than the drain", () => {
    for (const [, service] of dashboards) {
      const timeoutMs = Number(service.environment?.SHUTDOWN_TIMEOUT_MS);
      const drainMs = Number(service.environment?.SHUTDOWN_DRAIN_MS);
      expect(seconds(service.stop_grace_period ?? "")).toBeGreaterThan(timeoutMs / 1000);
      const interval = /health_interval\s+(\d+)s/.exec(read("deploy/Caddyfile"))?.[1];
      expect(Number(interval) * 1000).toBeLessThan(drainMs);
    }
  });

  it("keeps private outbound addresses off, but for the trial override", () => {
    for (const [, service] of dashboards) expect(service.environment?.OUTBOUND_ALLOW_PRIVATE_ADDRESSES).toBe("false");
    expect(read("compose.trial.yaml")).toMatch(/OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true"/);
  });

  it("sets a request id at the proxy", () => {
    expect(read("deploy/Caddyfile")).toMatch(/header_up X-Request-Id \{http\.request\.uuid\}/);
  });

  it("alerts only on metrics the dashboard serves", () => {
    const rules = parse(read("deploy/prometheus-rules.yml")) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const served = read("lib/observability/metrics.ts");
    const names = rules.groups.flatMap((group) =>
      group.rules.flatMap((rule) =>
        [...rule.expr.matchAll(/\b(wallet_dashboard_[a-z_]+?)(?:_count|_bucket|_sum)?\b/g)].map((match) => match[1]!),
      ),
    );
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(served, name).toContain(`"${name}"`);
    expect(compose.services.prometheus?.profiles).toEqual(["monitoring"]);
  });
});
