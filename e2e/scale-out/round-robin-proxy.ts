// A small round-robin HTTP reverse proxy, like a load balancer without sticky sessions: each
// request goes to the next instance in turn, whatever its cookies. Server actions, event streams
// and everything else take turns separately, so two actions in a row (a password then its code, a
// double submit) always land on different instances, whatever assets the browser fetched between. Responses are piped as they
// arrive (server-sent-event streams pass through unbuffered), headers and cookies pass both ways,
// and X-Forwarded-For gets the client's address appended (the instances trust one hop).
// A request whose connection an instance refuses (it is down) goes to the next instance, as
// nginx's `proxy_next_upstream error` does: nothing was sent, so nothing can happen twice. A
// connection that breaks after the request was sent is answered 502 and never replayed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServedRequest } from "./settings";

export type RoundRobinProxy = {
  url: string;
  /** Every request answered so far, in the order the instances answered them (for the tests' proofs). */
  served: ServedRequest[];
  close: () => Promise<void>;
};

const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name.toLowerCase())));
}

export async function startRoundRobinProxy(options: { port: number; upstreamPorts: number[]; host?: string }): Promise<RoundRobinProxy> {
  const { upstreamPorts } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const served: ServedRequest[] = [];
  const turns = new Map<string, number>();

  const server = http.createServer((request, response) => {
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");
    const headers = { ...forwardable(request.headers), "x-forwarded-for": forwardedFor };
    // The body is read once and replayed only to an instance that refused the connection.
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => send(Buffer.concat(chunks), 0, undefined));
    request.on("error", () => response.destroy());

    const kind = request.headers["next-action"]
      ? "action"
      : String(request.headers.accept).includes("text/event-stream")
        ? "stream"
        : "other";

    /** A retry goes to the instance after the one that refused, not to the next turn: other
     * requests take turns meanwhile, and the next turn could be the refusing instance again. */
    function send(body: Buffer, tries: number, refusedBy: number | undefined) {
      let instance: number;
      if (refusedBy === undefined) {
        const turn = turns.get(kind) ?? 0;
        turns.set(kind, turn + 1);
        instance = turn % upstreamPorts.length;
      } else instance = (refusedBy + 1) % upstreamPorts.length;
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: upstreamPorts[instance],
          method: request.method,
          path: request.url,
          headers: { ...headers, "content-length": String(body.length) },
          agent,
        },
        (answer) => {
          const nextAction = request.headers["next-action"];
          served.push({
            method: request.method ?? "GET",
            path: request.url ?? "/",
            instance,
            status: answer.statusCode ?? 0,
            ...(typeof nextAction === "string" ? { nextAction } : {}),
          });
          response.writeHead(answer.statusCode ?? 502, { ...forwardable(answer.headers), "x-served-by-instance": String(instance) });
          // Streams (text/event-stream) must reach the browser as each event is written.
          response.flushHeaders();
          answer.pipe(response);
          answer.on("error", () => response.destroy());
          response.on("close", () => answer.destroy());
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && tries + 1 < upstreamPorts.length) return send(body, tries + 1, instance);
        if (response.headersSent) return response.destroy();
        response
          .writeHead(502, { "content-type": "text/plain" })
          .end(`Bad gateway: instance ${instance} failed (${error.code ?? error.message})`);
      });
      // A client that goes away (a closed page, an EventSource) ends the upstream request too.
      response.on("close", () => {
        if (!response.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
