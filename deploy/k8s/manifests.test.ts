// The Kubernetes manifests (deploy/k8s/) checked without a cluster: every document against the
// Kubernetes API's own schemas (kubernetes-models, generated from the API's OpenAPI document; the
// role kubeconform plays elsewhere, which our registries do not serve), and a policy check of the
// settings a payments company's review asks for (non-root, read-only root filesystem, no privilege
// escalation, every capability dropped, resources, probes, a grace period above the server's own
// shutdown timeout, secrets as files from a Secret, never as plain values).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Job } from "kubernetes-models/batch/v1/Job";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { ServiceAccount } from "kubernetes-models/v1/ServiceAccount";

const folder = path.join(import.meta.dirname);

// apiVersion/kind → the model whose validate() holds the API's schema.
const models: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1/Deployment": Deployment,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "batch/v1/Job": Job,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "v1/ConfigMap": ConfigMap,
  "v1/Service": Service,
  "v1/ServiceAccount": ServiceAccount,
};

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
};

function readYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(path.join(folder, file), "utf8")).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return document.toJS();
  });
}

const kustomization = readYaml("kustomization.yaml")[0] as { resources: string[] };
const manifests = kustomization.resources.flatMap((file) => readYaml(file).map((data) => ({ file, data: data as Manifest })));
const byKind = (kind: string) => manifests.filter(({ data }) => data.kind === kind).map(({ data }) => data);

/** Validates one document with the API's schema; the error's text, or undefined when valid. */
function schemaError(data: Manifest): string | undefined {
  const Model = models[`${data.apiVersion}/${data.kind}`];
  if (!Model) return `no schema known for ${data.apiVersion} ${data.kind}`;
  try {
    new Model(data as never).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

type Container = {
  name: string;
  image: string;
  securityContext?: Record<string, unknown> & { capabilities?: { drop?: string[] } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  readinessProbe?: { periodSeconds?: number };
  livenessProbe?: unknown;
  startupProbe?: unknown;
};
type PodSpec = {
  securityContext?: Record<string, unknown>;
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  automountServiceAccountToken?: boolean;
};

function podSpecs(): { owner: string; spec: PodSpec }[] {
  return [...byKind("Deployment"), ...byKind("Job")].map((workload) => ({
    owner: `${workload.kind}/${workload.metadata.name}`,
    spec: (workload.spec as { template: { spec: PodSpec } }).template.spec,
  }));
}

/** The security settings every pod and container must have; a list of what is missing. */
function policyViolations(owner: string, spec: PodSpec): string[] {
  const found: string[] = [];
  if (spec.securityContext?.runAsNonRoot !== true) found.push(`${owner}: runAsNonRoot is not true`);
  if (spec.automountServiceAccountToken !== false) found.push(`${owner}: a service account token is mounted`);
  for (const container of spec.containers) {
    const where = `${owner}/${container.name}`;
    const context = container.securityContext ?? {};
    if (context.allowPrivilegeEscalation !== false) found.push(`${where}: allowPrivilegeEscalation is not false`);
    if (context.readOnlyRootFilesystem !== true) found.push(`${where}: the root filesystem is writable`);
    if (context.privileged === true) found.push(`${where}: privileged`);
    if (!context.capabilities?.drop?.includes("ALL")) found.push(`${where}: capabilities are not all dropped`);
    if (!container.resources?.requests?.cpu || !container.resources.requests.memory) found.push(`${where}: no resource requests`);
    if (!container.resources?.limits?.memory) found.push(`${where}: no memory limit`);
    for (const variable of container.env ?? []) {
      const secretSetting = !variable.name.endsWith("_FILE") && /SECRET|TOKEN|PASSWORD|DATABASE_URL$|ENCRYPTION_KEY$/.test(variable.name);
      if (secretSetting && variable.value !== undefined)
        found.push(`${where}: ${variable.name} is a plain value (use NAME_FILE from the Secret)`);
    }
  }
  return found;
}

describe("Kubernetes manifests (deploy/k8s)", () => {
  it("lists resources that exist and are valid against the Kubernetes API schemas", () => {
    expect(manifests.length).toBeGreaterThanOrEqual(8);
    const errors = manifests.map(({ file, data }) => [file, schemaError(data)]).filter(([, error]) => error);
    expect(errors).toEqual([]);
  });

  it("would refuse a document the API refuses (the validator is not a no-op)", () => {
    const deployment = structuredClone(byKind("Deployment")[0]!) as Manifest & { spec: { replicas: unknown } };
    deployment.spec.replicas = "two";
    expect(schemaError(deployment)).toBeDefined();
    expect(schemaError({ apiVersion: "v1", kind: "Secret", metadata: { name: "x" } })).toMatch(/no schema/);
  });

  it("runs every pod non-root, read-only, unprivileged, with no capabilities, with resources and secrets as files", () => {
    expect(podSpecs().flatMap(({ owner, spec }) => policyViolations(owner, spec))).toEqual([]);
    // The policy check catches what it is for.
    const loose = structuredClone(podSpecs()[0]!.spec);
    loose.containers[0]!.securityContext = { readOnlyRootFilesystem: false };
    loose.containers[0]!.env = [{ name: "WALLET_API_TOKEN", value: "plain" }];
    expect(policyViolations("loose", loose)).toEqual(
      expect.arrayContaining([
        "loose/dashboard: allowPrivilegeEscalation is not false",
        "loose/dashboard: the root filesystem is writable",
        "loose/dashboard: capabilities are not all dropped",
        "loose/dashboard: WALLET_API_TOKEN is a plain value (use NAME_FILE from the Secret)",
      ]),
    );
  });

  it("gives the server more grace than its own shutdown timeout, probes, and a readiness period below the drain", () => {
    const config = byKind("ConfigMap")[0]!.data!;
    const drainMs = Number(config.SHUTDOWN_DRAIN_MS);
    const timeoutMs = Number(config.SHUTDOWN_TIMEOUT_MS);
    const deployment = byKind("Deployment")[0]!.spec as { template: { spec: PodSpec } };
    const pod = deployment.template.spec;
    expect(pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(timeoutMs);
    const server = pod.containers[0]!;
    expect(server.livenessProbe).toBeDefined();
    expect(server.startupProbe).toBeDefined();
    expect(server.readinessProbe!.periodSeconds! * 1000).toBeLessThan(drainMs);
    // A payments deployment does not ship with the outbound guard off, nor with the sandbox.
    expect(config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES).toBe("false");
    expect(config.SANDBOX_WALLET_ENABLED).toBe("false");
  });

  it("keeps at least one pod through a disruption and at least two replicas", () => {
    const budget = byKind("PodDisruptionBudget")[0]!.spec as { minAvailable: number };
    const autoscaler = byKind("HorizontalPodAutoscaler")[0]!.spec as { minReplicas: number };
    expect(budget.minAvailable).toBeGreaterThanOrEqual(1);
    expect(autoscaler.minReplicas).toBeGreaterThan(budget.minAvailable);
  });
});
