import { describe, expect, it } from "vitest";
import { readBodyPrefix, readBodyWithinLimit } from "@/lib/net/read-limited-body";

const encoder = new TextEncoder();

/** A body sent in the given chunks, recording how many were pulled and whether the reader gave up. */
function chunkedBody(chunks: string[]) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[seen.pulled];
        if (next === undefined) return controller.close();
        seen.pulled += 1;
        controller.enqueue(encoder.encode(next));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // pulls only when read, so `pulled` counts what the reader asked for
  return { message: { body: stream, headers: new Headers() }, seen };
}

function request(body: string | null, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/receiver", { method: "POST", body, headers });
}

describe("readBodyWithinLimit", () => {
  it("returns a body of exactly the limit whole", async () => {
    const bytes = await readBodyWithinLimit(request("0123456789"), 10);
    expect(bytes?.toString("utf8")).toBe("0123456789");
  });

  it("refuses a body one byte over the limit", async () => {
    await expect(readBodyWithinLimit(request("0123456789A"), 10)).resolves.toBeUndefined();
  });

  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const { message, seen } = chunkedBody(["{}"]);
    message.headers.set("content-length", "11");
    await expect(readBodyWithinLimit(message, 10)).resolves.toBeUndefined();
    expect(seen.pulled).toBe(0);
  });

  it("reads an empty body and a missing body as empty", async () => {
    expect((await readBodyWithinLimit(request(""), 10))?.byteLength).toBe(0);
    expect((await readBodyWithinLimit(request(null), 10))?.byteLength).toBe(0);
  });

  it("joins a chunked body without a Content-Length", async () => {
    const { message, seen } = chunkedBody(['{"a":', "1,", '"b":2}']);
    expect((await readBodyWithinLimit(message, 64))?.toString("utf8")).toBe('{"a":1,"b":2}');
    expect(seen.cancelled).toBe(false);
  });

  it("stops reading a chunked body at the first chunk that crosses the limit", async () => {
    const { message, seen } = chunkedBody(["12345", "67890", "ABCDE", "FGHIJ"]);
    await expect(readBodyWithinLimit(message, 12)).resolves.toBeUndefined();
    expect(seen.pulled).toBe(3);
    expect(seen.cancelled).toBe(true);
  });

  it("counts bytes, not characters", async () => {
    await expect(readBodyWithinLimit(request("ééééé"), 9)).resolves.toBeUndefined(); // 10 bytes in UTF-8
    expect((await readBodyWithinLimit(request("ééééé"), 10))?.toString("utf8")).toBe("ééééé");
  });
});

describe("readBodyPrefix", () => {
  it("returns a shorter body whole, and an empty or missing one as empty", async () => {
    expect((await readBodyPrefix(new Response("short"), 10)).toString("utf8")).toBe("short");
    expect((await readBodyPrefix(new Response(""), 10)).byteLength).toBe(0);
    expect((await readBodyPrefix(new Response(null), 10)).byteLength).toBe(0);
  });

  it("cuts a longer chunked body at the limit, inside a chunk, and reads no further", async () => {
    const { message, seen } = chunkedBody(["12345", "67890", "ABCDE", "FGHIJ"]);
    expect((await readBodyPrefix(message, 7)).toString("utf8")).toBe("1234567");
    expect(seen.pulled).toBe(2);
    expect(seen.cancelled).toBe(true);
  });

  it("stops once exactly the limit has arrived", async () => {
    const { message, seen } = chunkedBody(["12345", "67890", "ABCDE"]);
    expect((await readBodyPrefix(message, 10)).toString("utf8")).toBe("1234567890");
    expect(seen.pulled).toBe(2);
    expect(seen.cancelled).toBe(true);
  });

  it("ignores the declared Content-Length: a reply that announces more is still read up to the limit", async () => {
    const { message } = chunkedBody(["12345"]);
    message.headers.set("content-length", "1000000");
    expect((await readBodyPrefix(message, 3)).toString("utf8")).toBe("123");
  });
});
