// A wallet that accepts the request but answers slower than the client waits: a real HTTP server on
// 127.0.0.1 that forwards each request at once to a real wallet (the sandbox), so the charge or
// cash-out IS created there, then holds the wallet's answer for `delayMs` before relaying it (by
// then the dashboard's client has given up). Every forwarded request and the wallet's answer are
// kept, so a test can count what reached the wallet and read what it created.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ForwardedCall = { method: string; path: string; body: string; status: number; answer: string };

export type SlowWalletProxy = {
  baseUrl: string;
  /** Calls the wallet has answered (forwarded and finished at the wallet). */
  forwarded: ForwardedCall[];
  /** Resolves once `count` calls to a path ending in `suffix` have finished at the wallet. */
  waitForForwarded(suffix: string, count: number): Promise<ForwardedCall[]>;
  close(): Promise<void>;
};

export async function startSlowWalletProxy(targetBaseUrl: string, delayMs: number): Promise<SlowWalletProxy> {
  const forwarded: ForwardedCall[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const method = request.method ?? "GET";
      const path = request.url ?? "/";
      const upstream = await fetch(`${targetBaseUrl}${path}`, { method, headers, ...(method === "GET" ? {} : { body }) });
      const answer = await upstream.text();
      forwarded.push({ method, path, body, status: upstream.status, answer });
      for (const wake of waiters.splice(0)) wake();
      setTimeout(() => {
        if (response.destroyed || request.socket.destroyed) return;
        response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
        response.end(answer);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    forwarded,
    async waitForForwarded(suffix, count) {
      const matching = () => forwarded.filter((call) => call.path.endsWith(suffix));
      const deadline = Date.now() + 15_000;
      while (matching().length < count) {
        if (Date.now() > deadline) throw new Error(`only ${matching().length} of ${count} calls to ${suffix} reached the wallet`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return matching();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
