// A new embedded data directory is created by a process of its own (lib/db/pglite-initialise.mjs),
// so the memory initdb grows to is not left in the server's process; a directory that cannot be
// created says so in the error that names the setting.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError, openDatabase } from "@/lib/db/client";

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "pglite-initialise-test-"));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe("creating a new embedded data directory", () => {
  it("is done by a passing process, and the server opens the result", async () => {
    const dataDir = path.join(folder, "opened");
    const connection = await openDatabase({ kind: "pglite", dataDir, worker: true });
    try {
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      await connection.ping();
    } finally {
      await connection.close();
    }
  });

  it("fails with the reason when the directory cannot be created", async () => {
    // Files where initdb makes its folders: the cluster cannot be created.
    const dataDir = path.join(folder, "blocked");
    mkdirSync(dataDir);
    for (const name of ["base", "global"]) writeFileSync(path.join(dataDir, name), "not a folder");
    const opening = openDatabase({ kind: "pglite", dataDir, worker: true });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(opening).rejects.toThrow(/creating the data directory failed: file system error \(errno \d+\)/);
  });
});
