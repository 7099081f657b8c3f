// Events for the merchant's systems (issue #33), one admin walk: create an endpoint pointing at a
// receiver run by this test (its secret shown once), send a test event the receiver first refuses,
// see the delivery and its attempts, replay the failures (count first, progress), resend one, count a range, and
// the same pages in Portuguese; axe on each new page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/csp";
import { expectNoAccessibilityViolations } from "./support/accessibility";
import { adminStorageState, stepUpIfAsked } from "./support/operators";

test.use({ storageState: adminStorageState });

test("an admin subscribes an endpoint, sees deliveries and attempts, resends and replays, in both languages", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // The merchant's receiver: refuses test events (HTTP 503) while `down`, accepts everything else.
  // Other specs' charges may send this endpoint their events too: only test events are counted.
  let down = true;
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if ((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string }).type !== "endpoint.test")
        return response.writeHead(200).end();
      received.push(String(request.headers["webhook-id"]));
      response.writeHead(down ? 503 : 200).end(down ? "busy" : "ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await page.goto("/settings/events");
    await expect(page.getByRole("heading", { level: 1, name: "Events for your systems" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.getByLabel("Endpoint URL").fill(receiverUrl);
    await page.getByLabel("Description").fill("e2e shop");
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await stepUpIfAsked(page);
    await expect(page.getByTestId("new-endpoint-secret")).toHaveText(/^whsec_/);
    await page.getByRole("link", { name: receiverUrl }).click();
    await expect(page).toHaveURL(/\/settings\/events\/[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event queued.")).toBeVisible();
    const delivery = page.getByTestId("event-delivery").filter({ hasText: "endpoint.test" });
    // The worker polls every second; the log is rendered with the page.
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText("HTTP 503");
    }).toPass({ timeout: 20_000 });
    await expect(delivery).toContainText("busy");
    await expectNoAccessibilityViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAccessibilityViolations(page);
    await page.emulateMedia({ colorScheme: "light" });
    // The log sorts by when each delivery was queued, oldest first from its header; back to newest first.
    await page.getByRole("link", { name: "Queued at: Oldest first" }).click();
    await expect(page).toHaveURL(/\?sort=queued$/);
    await expect(page.getByRole("table", { name: "Deliveries to this endpoint, oldest first" })).toBeVisible();
    await expect(delivery).toContainText("HTTP 503");
    await page.getByRole("link", { name: "Queued at: Newest first" }).click();
    await expect(page).toHaveURL(/\/settings\/events\/[0-9a-f-]{36}$/);

    // Waiting for its retry: "all failures" counts it, and the replay sends it at once.
    await page.getByLabel("All failures").check();
    await page.getByRole("button", { name: "Count events" }).click();
    await expect(page.getByTestId("replay-planned")).toHaveText("1 events will be sent again.");
    down = false;
    await page.getByRole("button", { name: "Replay 1 events" }).click();
    await stepUpIfAsked(page);
    await expect(page.getByTestId("replay-progress")).toHaveText("Replay finished.", { timeout: 20_000 });
    await page.reload();
    await expect(delivery).toContainText("Delivered");
    await expect(delivery).toContainText("HTTP 200");

    // Resend the delivered one: the same event id again.
    const before = received.length;
    await delivery.getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(before + 1);
    expect(new Set(received).size).toBe(1);

    // A range: its count is shown before anything is sent.
    await page.getByLabel("A time range").check();
    const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel("From", { exact: true }).fill(local(new Date(Date.now() - 3_600_000)));
    await page.getByLabel("To", { exact: true }).fill(local(new Date(Date.now() + 120_000)));
    await page.getByRole("button", { name: "Count events" }).click();
    await expect(page.getByTestId("replay-planned")).toHaveText(/^\d+ events will be sent again\.$/);

    await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Registro de entregas" })).toBeVisible();
    await expect(delivery).toContainText("Entregue");
    await expectNoAccessibilityViolations(page);
    await page.goto("/settings/events");
    await expect(page.getByRole("heading", { level: 1, name: "Eventos para os seus sistemas" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  } finally {
    await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("em português, a entrega aparece no registro aberto, sem recarregar", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  // The log is live query data polled every half second (components/events/event-delivery-log.tsx):
  // the attempt's row must appear on the page as it was opened (a marker set on its window before the
  // test event survives: no reload, no navigation). How soon is a benchmark's figure, not a timed
  // assertion here (`npm run bench:approval-decision`, docs/benchmarks.md): this test once failed CI
  // at 1.29 s under the groups' load.
  const answeredAt: number[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if ((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type: string }).type !== "endpoint.test")
        return response.writeHead(200).end();
      response.writeHead(418).end("teapot", () => answeredAt.push(Date.now()));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/live-log`;
  await page.context().addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  try {
    await page.goto("/settings/events");
    await page.getByLabel("URL do endpoint").fill(receiverUrl);
    await page.getByLabel("Descrição").fill("registro ao vivo");
    await page.getByRole("button", { name: "Criar endpoint" }).click();
    await stepUpIfAsked(page);
    await expect(page.getByTestId("new-endpoint-secret")).toHaveText(/^whsec_/);
    await page.getByRole("link", { name: receiverUrl }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Registro de entregas" })).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { openedBeforeTheTest?: boolean }).openedBeforeTheTest = true;
    });
    await page.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(page.getByText("Evento de teste na fila.")).toBeVisible();
    const delivery = page.getByTestId("event-delivery").filter({ hasText: "endpoint.test" });
    await expect(delivery).toContainText("HTTP 418", { timeout: 20_000 });
    await expect(delivery).toContainText("teapot");
    expect(answeredAt.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { openedBeforeTheTest?: boolean }).openedBeforeTheTest)).toBe(true);
  } finally {
    await page.context().addCookies([{ name: "locale", value: "en", url: baseURL! }]);
    await new Promise((resolve) => receiver.close(resolve));
  }
});
