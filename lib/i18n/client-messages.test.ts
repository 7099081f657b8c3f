import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientMessages, pickMessages } from "@/lib/i18n/client-messages";
import { dictionaries } from "@/lib/i18n/messages";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes("test"))
    .map((file) => path.join(folder, file));
}

describe("clientMessages", () => {
  it("sends a client component its own messages only, in the reader's language", () => {
    const en = clientMessages(dictionaries.en, "signInForm");
    const pt = clientMessages(dictionaries["pt-BR"], "signInForm");
    expect(en["signIn.email"]).toBe(dictionaries.en["signIn.email"]);
    expect(pt["signIn.email"]).toBe(dictionaries["pt-BR"]["signIn.email"]);
    expect(Object.keys(en)).not.toContain("cashOut.form.amount");
    expect(Object.keys(en).every((key) => key.startsWith("signIn."))).toBe(true);
  });

  it("sends a form the error messages its own schema can produce, not every one (an action's arrive translated)", () => {
    const errors = Object.keys(dictionaries.en).filter((key) => key.startsWith("errors."));
    expect(errors.length).toBeGreaterThan(100);
    const sentErrors = (name: "signInForm" | "cashOutForm" | "stepUpDialog") =>
      Object.keys(clientMessages(dictionaries.en, name)).filter((key) => key.startsWith("errors."));
    expect(sentErrors("signInForm")).toEqual([]);
    expect(sentErrors("stepUpDialog")).toEqual([]);
    expect(sentErrors("cashOutForm")).toEqual(expect.arrayContaining(["errors.amount.tooLarge", "errors.pixKey.chooseType"]));
    expect(sentErrors("cashOutForm").length).toBeLessThan(errors.length / 4);
  });

  it("keys built at run time are all there (every status, every role)", () => {
    const live = clientMessages(dictionaries.en, "liveStatus");
    expect(Object.keys(live).sort()).toEqual(["status.CANCELED", "status.FAILED", "status.PENDING", "status.SUCCEED"]);
    const roles = clientMessages(dictionaries["pt-BR"], "roleSelect");
    for (const role of ["admin", "finance", "qa", "viewer"] as const)
      expect(roles[`role.${role}`]).toBe(dictionaries["pt-BR"][`role.${role}`]);
  });

  it("is a fraction of the dictionary for the sign-in form", () => {
    const whole = JSON.stringify(dictionaries.en).length;
    const sent = JSON.stringify(clientMessages(dictionaries.en, "signInForm")).length;
    expect(sent).toBeLessThan(whole / 3);
  });

  it("gives the same object for the same names, so a page's payload holds it once", () => {
    const forRows = clientMessages(dictionaries.en, "roleSelect", "operatorAccountActions");
    expect(clientMessages(dictionaries.en, "roleSelect", "operatorAccountActions")).toBe(forRows);
    expect(clientMessages(dictionaries["pt-BR"], "roleSelect", "operatorAccountActions")).not.toBe(forRows);
    expect(forRows["operators.saveRole"]).toBe(dictionaries.en["operators.saveRole"]);
    expect(forRows["operators.disable"]).toBe(dictionaries.en["operators.disable"]);
  });

  it("copies only the named keys", () => {
    expect(pickMessages(dictionaries.en, ["ui.cancel"])).toEqual({ "ui.cancel": dictionaries.en["ui.cancel"] });
  });
});

describe("client components", () => {
  it("never take the whole dictionary (it would travel in every page's payload)", () => {
    const offenders = [...sourceFiles("components"), ...sourceFiles("app")].filter((file) => {
      const source = readFileSync(path.join(root, file), "utf8");
      return (
        /^["']use client["']/m.test(source) &&
        /\bMessages\b(?!<)/.test(source.replace(/ClientMessages|StepUpMessages|SignInMessages|SetupFormMessages/g, ""))
      );
    });
    expect(offenders).toEqual([]);
  });
});
