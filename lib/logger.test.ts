// The logger masks personal data in every line it writes (docs/personal-data.md), by key and in
// free text, and the log scan of the integration lanes finds a line that would still hold some.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";
import { linesWithPersonalData } from "@/test/support/log-scan.global-setup";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the logger and personal data", () => {
  it("writes no e-mail, CPF or phone in full, by key or inside a message or an error", async () => {
    const capture = path.join(mkdtempSync(path.join(tmpdir(), "log-")), "lines.ndjson");
    vi.stubEnv("LOG_CAPTURE_FILE", capture);
    vi.stubEnv("LOG_LEVEL", "silent");
    const { logger } = await import("@/lib/logger");
    logger.info({ payer: { name: "Maria", email: "maria@example.com", document: "12345678909" } }, "charge created");
    logger.warn({ operatorEmail: "ana.admin@example.com", pixKey: "+5511987654321" }, "cash-out refused for 123.456.789-09");
    logger.error({ err: new Error("wallet said: payer maria@example.com (+55 11 98765-4321) unknown") }, "wallet call failed");
    logger.debug({ email: "below@example.com" }, "below the capture level");
    const lines = readFileSync(capture, "utf8").trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines.flatMap(findPersonalDataInText)).toEqual([]);
    expect(lines[1]).toContain("a********@example.com");
    expect(lines[1]).toContain("***.456.789-**");
    expect(lines[2]).toContain("-4321");
  });

  it("finds a captured line that holds personal data", () => {
    const directory = mkdtempSync(path.join(tmpdir(), "scan-"));
    writeFileSync(path.join(directory, "worker-1.ndjson"), '{"msg":"ok"}\n{"msg":"sent to maria@example.com"}\n');
    expect(linesWithPersonalData(directory)).toEqual(['worker-1.ndjson: maria@example.com in {"msg":"sent to maria@example.com"}']);
  });
});
