import { inEnglish } from "@/test/support/in-english";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOperatorRoleAction } from "@/lib/actions/change-operator-role-action";
import { createOperatorAction } from "@/lib/actions/create-operator-action";
import { auditEvents, user } from "@/lib/db/schema";
import { translateMessage } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let auth: ReturnType<typeof installTestRuntime>["auth"];
let adminHeaders: Headers;
let viewerHeaders: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ auth } = installTestRuntime(database));
  adminHeaders = await createOperatorSession(auth, { email: "admin@example.com", role: "admin" });
  viewerHeaders = await createOperatorSession(auth, { email: "viewer@example.com", role: "viewer" });
});
afterAll(async () => {
  await database.dispose();
});

const newOperator = { name: "New Person", email: "new.person@example.com", password: "another long password", role: "finance" } as const;

describe("operator management actions called directly", () => {
  it("refuses a caller without a session", async () => {
    requestState.headers = new Headers();
    const result = await createOperatorAction(newOperator);
    expect(result).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  });

  it("refuses a viewer calling the admin-only create action, creates nothing, and audits the refusal", async () => {
    requestState.headers = viewerHeaders;
    const result = await createOperatorAction(newOperator);
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await database.db.select().from(user).where(eq(user.email, newOperator.email))).toHaveLength(0);
    const refusals = await database.db.select().from(auditEvents).where(eq(auditEvents.outcome, "refused"));
    expect(refusals.some((event) => event.action === "operator.create" && event.actorEmail === "viewer@example.com")).toBe(true);
  });

  it("refuses a viewer promoting themself", async () => {
    requestState.headers = viewerHeaders;
    const [viewer] = await database.db.select().from(user).where(eq(user.email, "viewer@example.com"));
    const result = await changeOperatorRoleAction({ userId: viewer!.id, role: "admin" });
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const [after] = await database.db.select().from(user).where(eq(user.email, "viewer@example.com"));
    expect(after!.role).toBe("viewer");
  });

  it("lets an admin add an operator and change their role", async () => {
    requestState.headers = adminHeaders;
    const created = await createOperatorAction(newOperator);
    expect(created.ok).toBe(true);
    const [stored] = await database.db.select().from(user).where(eq(user.email, newOperator.email));
    expect(stored!.role).toBe("finance");

    const changed = await changeOperatorRoleAction({ userId: stored!.id, role: "qa" });
    expect(changed.ok).toBe(true);
    const [updated] = await database.db.select().from(user).where(eq(user.email, newOperator.email));
    expect(updated!.role).toBe("qa");
  });

  it("rejects invalid input with every field's message", async () => {
    requestState.headers = adminHeaders;
    const result = await createOperatorAction({ name: "", email: "not-an-email", password: "short", role: "boss" as never });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("INVALID_INPUT");
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["email", "name", "password", "role"]);
  });

  it("answers a failure with its text in the caller's language beside its keys (lib/actions/shown-failure.ts)", async () => {
    requestState.headers = adminHeaders;
    const invalid = { name: "", email: "not-an-email", password: "short", role: "viewer" } as const;
    const english = await createOperatorAction(invalid);
    requestState.cookies.set("locale", "pt-BR");
    const portuguese = await createOperatorAction(invalid);
    requestState.cookies.delete("locale");
    if (english.ok || portuguese.ok) throw new Error("the input was accepted");
    expect(english.message).toBe(dictionaries.en["errors.action.invalidInput"]);
    expect(portuguese.message).toBe(dictionaries["pt-BR"]["errors.action.invalidInput"]);
    expect(portuguese.error).toBe(english.error);
    expect(english.fieldMessages.email).toEqual(english.fieldErrors?.email?.map((key) => translateMessage(dictionaries.en, key)));
    expect(portuguese.fieldMessages.email).toEqual(english.fieldErrors?.email?.map((key) => translateMessage(dictionaries["pt-BR"], key)));
    expect(portuguese.fieldMessages.email?.[0]).not.toBe(english.fieldMessages.email?.[0]);
    expect(portuguese.fieldMessages.email?.[0]).not.toMatch(/^errors\./);
  });

  it("refuses a duplicate e-mail with a message on the e-mail field", async () => {
    requestState.headers = adminHeaders;
    const result = await createOperatorAction({ ...newOperator, role: "viewer" });
    expect(inEnglish(result)).toMatchObject({ ok: false, fieldErrors: { email: ["An operator with this e-mail already exists."] } });
  });

  it("never demotes the last administrator", async () => {
    requestState.headers = adminHeaders;
    const [admin] = await database.db.select().from(user).where(eq(user.email, "admin@example.com"));
    const result = await changeOperatorRoleAction({ userId: admin!.id, role: "viewer" });
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT" });
  });
});
