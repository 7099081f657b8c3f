// A wallet that accepts the request but whose answer never arrives as given: a real HTTP server on
// 127.0.0.1 that forwards each request at once to a real wallet (the sandbox), so the charge or
// cash-out IS created there, then holds the wallet's answer for `delayMs` before relaying it (by
// then the dashboard's client has given up), resets the connection, or answers a gateway's 502. Every forwarded request and the wallet's answer are
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

/**
 * How the answer goes wrong once the wallet has done the work: `delayMs` late, the connection reset
 * instead of an answer, or a 502 HTML page from a gateway in front of the wallet in its place.
 */
export type AfterForwarding = { delayMs: number } | { reset: true } | { gatewayError: true };

export async function startSlowWalletProxy(targetBaseUrl: string, delayOrMode: number | AfterForwarding): Promise<SlowWalletProxy> {
  const mode: AfterForwarding = typeof delayOrMode === "number" ? { delayMs: delayOrMode } : delayOrMode;
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
      let upstream: Response;
      let answer: string;
      try {
        upstream = await fetch(`${targetBaseUrl}${path}`, { method, headers, ...(method === "GET" ? {} : { body }) });
        answer = await upstream.text();
      } catch {
        request.socket.destroy(); // the wallet itself went away (the test is closing)
        return;
      }
      forwarded.push({ method, path, body, status: upstream.status, answer });
      for (const wake of waiters.splice(0)) wake();
      if ("reset" in mode) {
        request.socket.destroy();
        return;
      }
      if ("gatewayError" in mode) {
        response.writeHead(502, { "content-type": "text/html" });
        response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
        return;
      }
      setTimeout(() => {
        if (response.destroyed || request.socket.destroyed) return;
        response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
        response.end(answer);
      }, mode.delayMs);
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
