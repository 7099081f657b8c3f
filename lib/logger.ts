// Structured logging. Anything secret-shaped is redacted by key, wherever it sits in the object.
// Every line written while serving a request carries its `requestId` (lib/observability/request-id.ts).
import pino from "pino";
import { currentRequestId } from "@/lib/observability/request-id";

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
];

export const logger = pino({
  level: process.env.LOG_LEVEL || "info",
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
    return requestId ? { requestId } : {};
  },
});
