import { describe, expect, it } from "vitest";
import { readReply } from "./delivery-worker";

describe("the receiver's reply in a callback log", () => {
  it("keeps a JSON object as it is", () => {
    expect(readReply('{"received":true,"id":7}')).toEqual({ received: true, id: 7 });
  });

  it("wraps any other reply as { response }", () => {
    expect(readReply("OK")).toEqual({ response: "OK" });
    expect(readReply("")).toEqual({ response: "" });
    expect(readReply("[1,2]")).toEqual({ response: [1, 2] });
    expect(readReply('"done"')).toEqual({ response: "done" });
    expect(readReply("null")).toEqual({ response: null });
  });

  it("cuts a huge reply instead of keeping it whole", () => {
    const reply = readReply(`{"a":"${"x".repeat(100_000)}"}`);
    expect(typeof reply.response).toBe("string");
    expect((reply.response as string).length).toBe(16_384);
  });
});
