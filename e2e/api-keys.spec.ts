// The merchant API as an admin and a shop's system meet it: an admin of this spec's own creates a
// key on the API keys page (shown once), a test client creates a charge with it, the charge is in
// the ledger marked as created by that key and its status follows a payment live, and revoking the
// key on the page stops the very next call. One browser context walks it all.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/csp";
import { addOperator, adminStorageState, pageSignedInAs } from "./support/operators";

const run = randomUUID().slice(0, 8);
const keyAdmin = { name: "Kai Keys", email: `kai.keys.${run}@example.com`, password: "api keys password 12345", role: "admin" };
const keyName = `ERP ${run}`;
const reference = `api-e2e-${run}`;

test.use({ storageState: adminStorageState });

test("an admin creates a key, a client charges with it, the ledger shows it live, and revoking stops the key", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The saved first admin only adds this spec's admin.
  await addOperator(page, keyAdmin);
  await page.close();
  const admin = await pageSignedInAs(browser, keyAdmin.email, keyAdmin.password);

  await admin.goto("/settings/api-keys");
  await admin.getByLabel("Name (who uses it)").fill(keyName);
  await admin.getByRole("checkbox", { name: /Create charges/ }).check();
  await admin.getByRole("checkbox", { name: /Read charges/ }).check();
  await admin.getByRole("button", { name: "Create key" }).click();
  const secret = admin.getByTestId("api-key-secret");
  await expect(secret).toHaveValue(/^wdk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const token = await secret.inputValue();
  const prefix = token.slice(0, 12);
  const row = admin.getByTestId(`api-key-${prefix}`);
  await expect(row).toContainText(keyName);
  await expect(row).toContainText("Never");

  // The shop's system: no cookie, only the key.
  const created = await request.post("/api/v1/charges", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": reference, cookie: "" },
    data: {
      amountCents: 4321,
      payer: { name: "Api Payer", email: "api.payer@example.com", document: "52998224725" },
      externalReference: reference,
    },
  });
  expect(created.status()).toBe(201);
  const charge = (await created.json()) as { id: string; createdBy: string };
  expect(charge.createdBy).toBe(`API key "${keyName}" (${prefix})`);

  await admin.goto(`/transactions?q=${reference}`);
  const ledgerRow = admin.getByRole("table", { name: "Transactions, newest first" }).getByRole("row").filter({ hasText: reference });
  await expect(ledgerRow).toContainText(`API key "${keyName}" (${prefix})`);
  await expect(ledgerRow).toContainText("R$ 43,21");
  await expect(ledgerRow.getByTestId("ledger-status")).toHaveText("Pending");
  // Paid from another tab: the list, left alone, follows.
  const other = await admin.context().newPage();
  await other.goto(`/cash-in/${charge.id}`);
  await other.getByRole("button", { name: "Simulate payment" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Payment simulated" })).toBeVisible();
  await other.close();
  await expect(ledgerRow.getByTestId("ledger-status")).toHaveText("Paid", { timeout: 30_000 });

  await admin.goto("/settings/api-keys");
  await expect(row).not.toContainText("Never"); // its last use is shown
  await row.getByRole("button", { name: `Revoke: ${keyName}` }).click();
  await expect(row).toContainText("Revoked");
  const refused = await request.get(`/api/v1/charges/${charge.id}`, { headers: { authorization: `Bearer ${token}`, cookie: "" } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe("errors.api.keyRevoked");
});
