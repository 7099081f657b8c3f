// Reads an HTTP body (a request's or a response's) without ever buffering much more than a byte
// limit. Neutral code with no app imports: the callback receiver, the route wrappers' JSON bodies
// (lib/http/route-request.ts) and the embedded sandbox wallet (which never imports dashboard code)
// all use it.

type HttpMessage = { body: ReadableStream<Uint8Array> | null; headers: Headers };

/** Reads until the end, or until `limit` bytes arrived (then it stops reading: cancels the stream); at most `limit` bytes back. */
async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(value);
    total += value.byteLength;
    if (total >= limit) {
      await reader.cancel().catch(() => {});
      return Buffer.concat(chunks).subarray(0, limit);
    }
  }
}

/**
 * The whole body, or undefined when it is longer than `maxBytes` (by its Content-Length, before
 * anything is read, or by what arrives: reading stops at the first byte over the limit).
 */
export async function readBodyWithinLimit(message: HttpMessage, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(message.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return undefined;
  // One byte more than allowed is enough to know the body is too long.
  const bytes = await readAtMost(message.body, maxBytes + 1);
  return bytes.byteLength > maxBytes ? undefined : bytes;
}

/** The first `maxBytes` bytes of the body (all of it when shorter); the rest is not read. */
export async function readBodyPrefix(message: HttpMessage, maxBytes: number): Promise<Buffer> {
  return readAtMost(message.body, maxBytes);
}
