import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/client-address";

describe("clientAddress", () => {
  it("takes the address Next.js or the client put in X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "127.0.0.1" }), 0)).toBe("127.0.0.1");
  });

  it("behind trusted proxies, takes the entry the outermost trusted proxy appended, not what the client wrote", () => {
    const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientAddress(headers, 1)).toBe("10.0.0.2");
    expect(clientAddress(headers, 2)).toBe("203.0.113.9");
  });

  it("says unknown when there is nothing to go by", () => {
    expect(clientAddress(new Headers(), 1)).toBe("unknown");
    expect(clientAddress(null, 0)).toBe("unknown");
  });
});
