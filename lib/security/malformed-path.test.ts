import { describe, expect, it } from "vitest";
import { hasMalformedPercentEncoding, malformedPathResponse } from "@/lib/security/malformed-path";

describe("malformed percent-encoding in a path", () => {
  it.each(["/api/transactions/%E0%A4%A/status", "/pay/%", "/pay/%zz", "/api/callbacks/wallet/%C3/x", "/a/%E0%A4"])("refuses %s", (path) => {
    expect(hasMalformedPercentEncoding(path)).toBe(true);
  });

  it.each(["/pay/abc", "/transactions/a%20b", "/api/callbacks/wallet/%C3%A9/x", "/"])("lets %s through", (path) => {
    expect(hasMalformedPercentEncoding(path)).toBe(false);
  });

  it("answers 400 problem details in the caller's language, and nothing for a sound path", async () => {
    const english = malformedPathResponse(new Request("http://localhost:3000/pay/%E0%A4%A?x=%"));
    expect(english?.status).toBe(400);
    expect(english?.headers.get("content-type")).toBe("application/problem+json");
    expect(await english?.json()).toMatchObject({
      status: 400,
      code: "errors.route.malformedPath",
      detail: expect.stringContaining("malformed"),
    });
    const portuguese = malformedPathResponse(
      new Request("http://localhost:3000/pay/%E0", { headers: { "accept-language": "pt-BR,pt;q=0.9" } }),
    );
    expect(await portuguese?.json()).toMatchObject({ detail: expect.stringContaining("malformado") });
    // Only the path counts: a broken query string is the page's own business (it parses leniently).
    expect(malformedPathResponse(new Request("http://localhost:3000/transactions?q=%E0"))).toBeNull();
  });
});
