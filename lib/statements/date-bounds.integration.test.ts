// Days and months outside what the calendar holds (issue #46): every route, page and action that
// takes one refuses it with a 400 problem (a translated errors.dates.* message) or its own message,
// never a 500 from a period whose end cannot be computed (9999-12's next month, 9999-12-31's next day).
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dictionaries } from "@/lib/i18n/messages";
import { createOperatorSession, installTestRuntime, requestState } from "@/test/support/action-harness";
import { openTestDatabase, type TestDatabase } from "@/test/support/test-database";

let database: TestDatabase;
let viewer: Headers;
let finance: Headers;

beforeAll(async () => {
  database = await openTestDatabase();
  const { auth } = installTestRuntime(database);
  viewer = await createOperatorSession(auth, { email: "dates-viewer@example.com", role: "viewer" });
  finance = await createOperatorSession(auth, { email: "dates-finance@example.com", role: "finance" });
});
afterAll(async () => {
  requestState.headers = new Headers();
  await database.dispose();
});

const refused = [
  ["month=9999-12", "errors.dates.month"],
  ["day=9999-12-31", "errors.dates.day"],
  ["month=0000-01", "errors.dates.month"],
  ["day=2026-02-30", "errors.dates.day"],
  ["month=2026-13", "errors.dates.month"],
  ["day=1999-12-31", "errors.dates.day"],
] as const;

async function expectProblem(response: Response, code: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as { code: string; detail: string };
  expect(body.code).toBe(code);
  expect(body.detail).toBe(dictionaries.en[code as keyof typeof dictionaries.en]);
}

describe("statement routes", () => {
  it.each(refused)("GET /api/statements?%s answers 400 %s", async (query, code) => {
    const { GET } = await import("@/app/api/statements/route");
    requestState.headers = viewer;
    await expectProblem(await GET(new Request(`http://localhost:3999/api/statements?${query}&format=pdf`)), code);
  });

  it.each(refused)("GET /api/statements/accounting?%s answers 400 %s", async (query, code) => {
    const { GET } = await import("@/app/api/statements/accounting/route");
    requestState.headers = viewer;
    await expectProblem(await GET(new Request(`http://localhost:3999/api/statements/accounting?${query}&format=csv`)), code);
  });

  it("still serves the last supported day and month", async () => {
    const statements = await import("@/app/api/statements/route");
    const accounting = await import("@/app/api/statements/accounting/route");
    requestState.headers = viewer;
    for (const query of ["day=9999-12-30", "month=9999-11", "day=2000-01-01", "month=2000-01"]) {
      const pdf = await statements.GET(new Request(`http://localhost:3999/api/statements?${query}&format=pdf&lang=en`));
      expect(pdf.status, query).toBe(200);
      await pdf.arrayBuffer();
      const csv = await accounting.GET(new Request(`http://localhost:3999/api/statements/accounting?${query}&format=csv&lang=en`));
      expect(csv.status, query).toBe(200);
      expect((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
        "Date,Description,Debit account,Credit account,Amount,Reference",
      );
    }
  });
});

describe("the transactions export", () => {
  it.each([
    ["from=9999-12-31", "errors.dates.day"],
    ["to=9999-12-31", "errors.dates.day"],
    ["from=2026-02-30", "errors.dates.day"],
    ["to=0000-01-01", "errors.dates.day"],
  ])("GET /api/transactions/export?%s answers 400 %s", async (query, code) => {
    const { GET } = await import("@/app/api/transactions/export/route");
    requestState.headers = viewer;
    await expectProblem(await GET(new Request(`http://localhost:3999/api/transactions/export?${query}`)), code);
  });

  it("exports up to the last supported day", async () => {
    const { GET } = await import("@/app/api/transactions/export/route");
    requestState.headers = viewer;
    const response = await GET(new Request("http://localhost:3999/api/transactions/export?from=2000-01-01&to=9999-12-30"));
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe("closing a day", () => {
  it("refuses a day past the supported range as invalid input", async () => {
    const { closeDayAction } = await import("@/lib/actions/close-day-action");
    requestState.headers = finance;
    for (const day of ["9999-12-31", "2026-02-30", "0000-01-01"]) {
      expect(await closeDayAction({ day })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    }
  });
});

describe("the statements page", () => {
  it.each(refused)("?%s shows its own message and yesterday's statement", async (query, code) => {
    const { default: StatementsPage } = await import("@/app/(dashboard)/statements/page");
    requestState.headers = viewer;
    const params = Object.fromEntries(new URLSearchParams(query));
    const html = renderToStaticMarkup(await StatementsPage({ searchParams: Promise.resolve(params) }));
    expect(html).toContain('data-testid="statement-invalid-period"');
    expect(html).toContain(dictionaries.en[code].replace(/"/g, "&quot;"));
  });

  it("shows a supported month without a message", async () => {
    const { default: StatementsPage } = await import("@/app/(dashboard)/statements/page");
    requestState.headers = viewer;
    const html = renderToStaticMarkup(await StatementsPage({ searchParams: Promise.resolve({ month: "9999-11" }) }));
    expect(html).not.toContain("statement-invalid-period");
    expect(html).toContain("9999-11");
  });
});
