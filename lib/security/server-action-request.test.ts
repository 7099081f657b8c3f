// What proxy.ts lets through to Next's server-action decoder: the bodies the dashboard's own
// forms send pass; malformed ones (which Next answered with 500) get 400, oversized ones 413.
import { describe, expect, it } from "vitest";
import { checkFormPostRequest, checkServerActionRequest, serverActionBodyLimitBytes } from "@/lib/security/server-action-request";

const actionId = `${"7f3a".repeat(10)}ab`;

function actionRequest(body: BodyInit | null, contentType = "text/plain;charset=UTF-8", headers: Record<string, string> = {}) {
  return new Request("http://localhost/sign-in", {
    method: "POST",
    headers: { "next-action": actionId, ...(contentType ? { "content-type": contentType } : {}), ...headers },
    body,
  });
}

function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request("http://localhost/x", { method: "POST", headers: { "next-action": actionId }, body: form });
}

describe("server-action request screening", () => {
  it.each([
    ["plain arguments", '[{"email":"a@b.c","password":"x"}]'],
    [
      "escaped dollar strings, undefined, bigint, dates",
      '[{"note":"$$5 off","skip":"$undefined","n":"$n12","at":"$D2026-11-23T10:00:00.000Z","z":"$-0"}]',
    ],
    ["no arguments", "[]"],
  ])("lets %s through", async (_name, body) => {
    expect(await checkServerActionRequest(actionRequest(body))).toBeUndefined();
  });

  it("lets a multipart upload through (a CSV file and plain fields, as encodeReply writes them)", async () => {
    const request = multipart({
      "0": '[{"file":"$B1","label":"march"},"$K2"]',
      "1": new Blob(["a,b\n1,2\n"], { type: "text/csv" }),
      "2_name": "x",
    });
    expect(await checkServerActionRequest(request)).toBeUndefined();
    expect(await checkServerActionRequest(multipart({ "0": '["$@1"]', "1": '{"ok":"$Q2"}', "2": "[]" }))).toBeUndefined();
  });

  it.each([
    ["not JSON", "{{{"],
    ["an empty body", ""],
    ["a JSON string", '"x"'],
    ["a JSON number", "42"],
    ["null", "null"],
    ["an object instead of a list", '{"a":1}'],
    ["a reference without multipart parts", '["$@1"]'],
    ["a Map reference without parts", '["$Q99"]'],
    ["a server reference", '["$h1"]'],
    ["an old-style server reference", '["$F1"]'],
    ["a temporary reference", '["$T"]'],
    ["a symbol", '["$Sfoo"]'],
    ["a malformed bigint", '["$nabc"]'],
    ["a malformed date", '["$Dnotadate"]'],
    ["a blob without parts", '["$B1"]'],
    ["deep nesting", "[".repeat(500) + "]".repeat(500)],
    ["bytes that are not UTF-8", new Uint8Array([0xff, 0xfe, 0x5b, 0x5d])],
  ])("refuses %s with 400", async (_name, body) => {
    expect(await checkServerActionRequest(actionRequest(body as BodyInit))).toMatchObject({ status: 400 });
  });

  it.each([
    ["a multipart body that is not multipart", actionRequest("garbage", "multipart/form-data; boundary=xyz")],
    ["multipart without a boundary", actionRequest("garbage", "multipart/form-data")],
    ["multipart without field 0", multipart({ "1": "[]" })],
    ["multipart with a field 0 that is not JSON", multipart({ "0": "{{{" })],
    ["multipart referring to a missing part", multipart({ "0": '["$@7"]' })],
    ["multipart referring to a part that is not JSON", multipart({ "0": '["$@1"]', "1": "{{{" })],
    ["an action id that is not hex", actionRequest("[]", undefined, { "next-action": "../../etc" })],
  ])("refuses %s with 400", async (_name, request) => {
    expect(await checkServerActionRequest(request)).toMatchObject({ status: 400 });
  });

  it("refuses a body over the limit with 413, by its declared length or its actual size", async () => {
    const big = JSON.stringify(["x".repeat(5 * 1024 * 1024)]);
    expect(await checkServerActionRequest(actionRequest(big, undefined, { "content-length": String(big.length) }))).toMatchObject({
      status: 413,
    });
    expect(await checkServerActionRequest(actionRequest(big))).toMatchObject({ status: 413 });
    const justUnder = JSON.stringify(["x".repeat(serverActionBodyLimitBytes - 10)]);
    expect(await checkServerActionRequest(actionRequest(justUnder))).toBeUndefined();
  });
});

describe("multipart POSTs without a Next-Action header (no-JavaScript form actions)", () => {
  const post = (contentType: string, body: BodyInit) =>
    new Request("http://localhost/sign-in", { method: "POST", headers: { "content-type": contentType }, body });

  it("refuses a multipart body that does not read as FormData with a 400", async () => {
    expect(await checkFormPostRequest(post("multipart/form-data", '{"broken": '))).toMatchObject({ status: 400 });
    expect(await checkFormPostRequest(post("multipart/form-data; boundary=xyz", "not multipart at all"))).toMatchObject({ status: 400 });
  });

  it("refuses an oversized one with a 413, and lets a readable one and other types through", async () => {
    const form = new FormData();
    form.set("a", "b");
    const readable = new Request("http://localhost/sign-in", { method: "POST", body: form });
    expect(await checkFormPostRequest(readable)).toBeUndefined();
    expect(await checkFormPostRequest(post("multipart/form-data; boundary=x", "x".repeat(serverActionBodyLimitBytes + 1)))).toMatchObject({
      status: 413,
    });
    expect(await checkFormPostRequest(post("text/plain", "{"))).toBeUndefined();
  });
});
