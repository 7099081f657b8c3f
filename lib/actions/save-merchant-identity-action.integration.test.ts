// The merchant identity action as its settings form calls it (real sessions, roles and database;
// only Next's request is faked): admins only; a CPF, a wrong CNPJ and a refused logo come back on
// their fields; a save stores the alphanumeric CNPJ unformatted and the logo as the PNG drawn here;
// the audit names the changed fields and never the address; keeping or removing the logo works.
import { Resvg } from "@resvg/resvg-js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveMerchantIdentityAction } from "@/lib/actions/save-merchant-identity-action";
import { findMerchantIdentity } from "@/lib/db/queries/merchant-identity";
import { auditEvents } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { pngDimensions } from "@/lib/merchant-identity/logo";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let admin: Headers;
let finance: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  admin = await createOperatorSession(auth, { email: "merchant.admin@example.com", role: "admin" });
  finance = await createOperatorSession(auth, { email: "merchant.finance@example.com", role: "finance" });
});
afterAll(async () => {
  await database.dispose();
});

const address = "Rua das Flores, 123, São Paulo";
const base = { legalName: "Comércio Exemplo Ltda.", cnpj: "12.ABC.345/01DE-35", address, logo: "", removeLogo: false };
const pngLogo = `data:image/png;base64,${new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><rect width="60" height="30" fill="#0a0"/></svg>').render().asPng().toString("base64")}`;
const scriptedSvg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>').toString("base64")}`;

describe("saveMerchantIdentityAction", () => {
  it("refuses a finance operator", async () => {
    requestState.headers = finance;
    expect(await saveMerchantIdentityAction(base)).toMatchObject({
      ok: false,
      error: msg("errors.action.roleRefused", { role: "finance" }),
    });
    expect(await findMerchantIdentity(database.db)).toBeNull();
  });

  it("answers a CPF, wrong check digits and a scripted SVG on their fields", async () => {
    requestState.headers = admin;
    expect(await saveMerchantIdentityAction({ ...base, cnpj: "123.456.789-09" })).toMatchObject({
      fieldErrors: { cnpj: [msg("errors.merchant.cnpjNotCpf")] },
    });
    expect(await saveMerchantIdentityAction({ ...base, cnpj: "12.ABC.345/01DE-36" })).toMatchObject({
      fieldErrors: { cnpj: [msg("errors.document.cnpjCheckDigits")] },
    });
    expect(await saveMerchantIdentityAction({ ...base, logo: scriptedSvg })).toMatchObject({
      fieldErrors: { logo: [msg("errors.merchant.logoScript")] },
    });
    expect(await findMerchantIdentity(database.db)).toBeNull();
  });

  it("stores the identity and the logo as a PNG drawn here, audits which fields changed, keeps and removes the logo", async () => {
    requestState.headers = admin;
    expect(await saveMerchantIdentityAction({ ...base, logo: pngLogo })).toEqual({ ok: true, data: null });
    const saved = await findMerchantIdentity(database.db);
    expect(saved).toMatchObject({
      legalName: base.legalName,
      cnpj: "12ABC34501DE35",
      address,
      updatedByEmail: "merchant.admin@example.com",
    });
    expect(pngDimensions(Buffer.from(saved!.logo!.pngBase64, "base64"))).toEqual({ width: 320, height: 160 });

    // Saved again without a file: the logo stays; only the legal name changed.
    expect(await saveMerchantIdentityAction({ ...base, legalName: "Comércio Exemplo S.A." })).toEqual({ ok: true, data: null });
    expect((await findMerchantIdentity(database.db))?.logo).toEqual(saved!.logo);
    expect(await saveMerchantIdentityAction({ ...base, legalName: "Comércio Exemplo S.A.", removeLogo: true })).toEqual({
      ok: true,
      data: null,
    });
    expect((await findMerchantIdentity(database.db))?.logo).toBeNull();

    const events = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "merchant.identity"), eq(auditEvents.outcome, "success")))
      .orderBy(auditEvents.occurredAt, auditEvents.id);
    expect(events.map((event) => event.details)).toEqual([
      { legalNameChanged: true, cnpjChanged: true, addressChanged: true, logoChanged: true },
      { legalNameChanged: true, cnpjChanged: false, addressChanged: false, logoChanged: false },
      { legalNameChanged: false, cnpjChanged: false, addressChanged: false, logoChanged: true },
    ]);
    const refused = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "merchant.identity"), eq(auditEvents.outcome, "refused")));
    expect(refused.map((event) => event.details)).toContainEqual({ reason: "logo_refused" });
    // The address is free text: it is in no audit event.
    const all = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "merchant.identity"));
    expect(JSON.stringify(all)).not.toContain("Flores");
  });
});
