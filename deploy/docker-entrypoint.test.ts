// The image's entrypoint reads NAME from the file NAME_FILE names (compose/Kubernetes secrets), so no
// secret has to sit in the container's environment; it refuses NAME and NAME_FILE together.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const entrypoint = path.resolve(import.meta.dirname, "docker-entrypoint.sh");
const dir = mkdtempSync(path.join(tmpdir(), "wallet-entrypoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runEntrypoint(env: Record<string, string>, command: string) {
  const result = spawnSync("sh", [entrypoint, "sh", "-c", command], {
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("deploy/docker-entrypoint.sh", () => {
  it("sets each secret from its _FILE (last newline dropped) and removes the _FILE variable", () => {
    writeFileSync(path.join(dir, "callback"), "callback-secret-value\n");
    writeFileSync(path.join(dir, "key"), "base64+key/==");
    const result = runEntrypoint(
      { CALLBACK_SECRET_FILE: path.join(dir, "callback"), NEXT_SERVER_ACTIONS_ENCRYPTION_KEY_FILE: path.join(dir, "key") },
      'printf "%s|%s|%s" "$CALLBACK_SECRET" "$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" "$(printenv CALLBACK_SECRET_FILE || echo unset)"',
    );
    expect(result).toMatchObject({ status: 0, stdout: "callback-secret-value|base64+key/==|unset" });
  });

  it("leaves settings given directly alone", () => {
    expect(runEntrypoint({ CALLBACK_SECRET: "direct" }, 'printf "%s" "$CALLBACK_SECRET"')).toMatchObject({ status: 0, stdout: "direct" });
  });

  it("refuses a setting given both ways, and an unreadable file, without running the command", () => {
    writeFileSync(path.join(dir, "auth"), "from-file");
    const both = runEntrypoint({ BETTER_AUTH_SECRET: "direct", BETTER_AUTH_SECRET_FILE: path.join(dir, "auth") }, "echo started");
    expect(both).toMatchObject({ status: 1, stdout: "" });
    expect(both.stderr).toContain("Both BETTER_AUTH_SECRET and BETTER_AUTH_SECRET_FILE are set");
    const missing = runEntrypoint({ WALLET_API_TOKEN_FILE: path.join(dir, "absent") }, "echo started");
    expect(missing).toMatchObject({ status: 1, stdout: "" });
    expect(missing.stderr).toContain("cannot be read");
  });
});
