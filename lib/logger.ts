// Structured logging. Anything secret-shaped is redacted by key, wherever it sits in the object, and
// every line leaves with its e-mails, CPFs and phones masked (docs/personal-data.md): the masking
// runs on the finished line, so an error message or a wallet answer quoted in a log is covered too.
// Every line written while serving a request carries its `requestId` (lib/observability/request-id.ts).
// LOG_CAPTURE_FILE (tests only) tees every line from `info` up to that file, for the log scan
// (test/support/log-scan.global-setup.ts).
import { appendFileSync } from "node:fs";
import pino from "pino";
import { currentRequestId } from "@/lib/observability/request-id";
import { currentTraceId } from "@/lib/observability/tracing";
import { maskPersonalDataInText } from "@/lib/vocabulary/personal-data-masks";

const redactedKeys = [
  "token",
  "authorization",
  "password",
  "secret",
  "cookie",
  "walletToken",
  "callbackSecret",
  "authSecret",
  "callbackUrl",
  // A store's wallet connection (issue #49): its sealed token and the keys (lib/stores/credential-cipher.ts).
  "walletTokenCiphertext",
  "storeCredentials",
  "storeCredentialsKey",
  // A payer's or recipient's personal data, by the names the wallet and the dashboard give it.
  "payer",
  "payerEmail",
  "payerDocument",
  "payerPhone",
  "document",
  "phone",
  "pixKey",
];

const level = process.env.LOG_LEVEL || "info";
const captureFile = process.env.LOG_CAPTURE_FILE;

/** A destination that masks personal data in each finished line before writing it. */
function masked(write: (line: string) => void): pino.DestinationStream {
  return { write: (line: string) => write(maskPersonalDataInText(line)) };
}

const stdout = masked((line) => process.stdout.write(line));
const destination = captureFile
  ? pino.multistream([
      { level: level as pino.Level, stream: stdout },
      { level: "info", stream: masked((line) => appendFileSync(captureFile, line)) },
    ])
  : stdout;

/** What a background job logs through: this logger, or a test's stand-in. */
export type JobLogger = { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void };

export const logger = pino(
  {
    level: captureFile && pino.levels.values[level]! > pino.levels.values.info! ? "info" : level,
    redact: {
      paths: [
        ...redactedKeys,
        ...redactedKeys.map((key) => `*.${key}`),
        ...redactedKeys.map((key) => `*.*.${key}`),
        'headers["authorization"]',
        'headers["cookie"]',
      ],
      censor: "[redacted]",
    },
    base: { service: "wallet-dashboard" },
    mixin: () => {
      const requestId = currentRequestId();
      const traceId = currentTraceId();
      return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
    },
  },
  destination,
);
