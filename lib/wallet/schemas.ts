// What the wallet sends back (spec 2.1–2.4), read tolerantly: both spellings of `operation`,
// unknown extra fields kept, optional echoes allowed to be null. Only the shapes we rely on are strict.
import { z } from "zod";

/** Spec 2.1: every response, success or failure, comes in this envelope. */
export const walletEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  messageError: z.string().nullish(),
  data: z.unknown().optional(),
});

export const transactionStatusValues = ["PENDING", "CANCELED", "SUCCEED", "FAILED"] as const;
export type TransactionStatus = (typeof transactionStatusValues)[number];
export const transactionStatusSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z.enum(transactionStatusValues),
);

export type TransactionOperation = "CASH_IN" | "CASH_OUT";
/** Creation responses say CASH_IN, the callback snapshot says CASHIN: both mean the same. */
export const transactionOperationSchema = z.string().transform((value, context): TransactionOperation => {
  const compact = value
    .trim()
    .toUpperCase()
    .replace(/[\s_-]/g, "");
  if (compact === "CASHIN") return "CASH_IN";
  if (compact === "CASHOUT") return "CASH_OUT";
  context.addIssue({ code: "custom", message: "unknown operation (expected CASH_IN, CASHIN, CASH_OUT or CASHOUT)" });
  return z.NEVER;
});

/** Spec 2.2. */
export const payerSchema = z.looseObject({
  name: z.string(),
  email: z.string(),
  document: z.string(),
  phone: z.string().nullish(),
});
export type Payer = z.infer<typeof payerSchema>;

const timestampSchema = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: "not a timestamp" });

/** Spec 2.3, the fields both cash-in and cash-out creation responses carry. */
const transactionFields = {
  id: z.string().min(1),
  value: z.number().int().nonnegative(),
  tax: z.number(),
  callbackUrl: z.string(),
  description: z.string().nullish(),
  operation: transactionOperationSchema,
  status: transactionStatusSchema,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  externalReference: z.string().nullish(),
  createdAt: timestampSchema,
};

export const cashInTransactionSchema = z.looseObject({
  ...transactionFields,
  codeCopyPaste: z.string().min(1),
  qrcodeImage: z.string().min(1),
  payer: payerSchema,
});
export type CashInTransaction = z.infer<typeof cashInTransactionSchema>;

export const cashOutTransactionSchema = z.looseObject(transactionFields);
export type CashOutTransaction = z.infer<typeof cashOutTransactionSchema>;

/** Spec 2.4 `request`: the transaction as delivered to the callback, cash-in fields only when it is one. */
export const callbackTransactionSnapshotSchema = z.looseObject({
  ...transactionFields,
  codeCopyPaste: z.string().nullish(),
  qrcodeImage: z.string().nullish(),
  payer: payerSchema.nullish(),
});
export type CallbackTransactionSnapshot = z.infer<typeof callbackTransactionSnapshotSchema>;

/** Spec 2.4. `url` is the callback URL and carries our secret: never show or log it. */
export const callbackLogSchema = z.looseObject({
  id: z.string().min(1),
  url: z.string(),
  responseStatus: z.number().int(),
  status: z.string(), // only SUCCESS is documented; other values are kept as they come
  request: callbackTransactionSnapshotSchema,
  response: z.unknown(),
  createdAt: timestampSchema,
});
export type CallbackLog = z.infer<typeof callbackLogSchema>;
