// Test support: a real HTTP server on 127.0.0.1 that answers the wallet client however a test
// scripts it (well, badly or not at all) and records every request it received.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
export type ScriptedAnswer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export type ScriptedWalletServer = {
  baseUrl: string;
  requests: RecordedRequest[];
  answerWith(answer: ScriptedAnswer): void;
  close(): Promise<void>;
};

export async function startScriptedWalletServer(): Promise<ScriptedWalletServer> {
  const requests: RecordedRequest[] = [];
  let answer: ScriptedAnswer = json(500, { success: false, messageError: "no answer scripted", data: null });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      answer(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just open and is now closed: connecting to it is refused. */
export async function closedPortBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function json(status: number, body: unknown): ScriptedAnswer {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

export function raw(status: number, contentType: string, text: string, extraHeaders: Record<string, string> = {}): ScriptedAnswer {
  return (_request, response) => {
    response.writeHead(status, { "content-type": contentType, ...extraHeaders });
    response.end(text);
  };
}

/** Reads the request and never answers. */
export const neverAnswer: ScriptedAnswer = () => {};

/** Sends the status line and headers, then stalls before the body. */
export const stallAfterHeaders: ScriptedAnswer = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.write('{"success":');
};

/** Reads the whole request, then drops the connection without a word. */
export const dropConnection: ScriptedAnswer = (request) => {
  request.socket.destroy();
};
