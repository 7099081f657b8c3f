// Local receivers for alert tests: a real SMTP server (smtp-server) that keeps every message, and an
// HTTP webhook receiver that keeps every request and answers with a scripted status.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { from: string; to: string[]; raw: string };

export async function startSmtpReceiver(): Promise<{ url: string; messages: ReceivedEmail[]; close: () => Promise<void> }> {
  const messages: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type ReceivedWebhook = { headers: IncomingMessage["headers"]; body: string };

/** Answers each request with the next status of `statuses` (the last one repeats); 200 by default. */
export async function startWebhookReceiver(
  statuses: number[] = [200],
): Promise<{ url: string; requests: ReceivedWebhook[]; close: () => Promise<void> }> {
  const requests: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = statuses[Math.min(requests.length - 1, statuses.length - 1)] ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a received message, decoded from quoted-printable when it is so encoded. */
export function emailBodyText(raw: string): string {
  const separator = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, separator);
  const body = raw.slice(separator + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
