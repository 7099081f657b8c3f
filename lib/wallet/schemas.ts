// What the wallet sends back (spec 2.1–2.4), read tolerantly: both spellings of `operation`,
// unknown extra fields kept, optional echoes allowed to be null. Only the shapes we rely on are strict.
import * as z from "@/lib/schemas/zod";

/** Spec 2.1: every response, success or failure, comes in this envelope. */
export const walletEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  messageError: z.nullish(z.string()),
  data: z.optional(z.unknown()),
});

export const transactionStatusValues = ["PENDING", "CANCELED", "SUCCEED", "FAILED"] as const;
export type TransactionStatus = (typeof transactionStatusValues)[number];
// zod/mini has no z.preprocess; a transform piped into the schema is what it is in full zod.
export const transactionStatusSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value)),
  z.enum(transactionStatusValues),
);

export type TransactionOperation = "CASH_IN" | "CASH_OUT";
/** Creation responses say CASH_IN, the callback snapshot says CASHIN: both mean the same. */
export const transactionOperationSchema = z.pipe(
  z.string(),
  z.transform((value, context): TransactionOperation => {
    const compact = value
      .trim()
      .toUpperCase()
      .replace(/[\s_-]/g, "");
    if (compact === "CASHIN") return "CASH_IN";
    if (compact === "CASHOUT") return "CASH_OUT";
    return z.refuse(context, "unknown operation (expected CASH_IN, CASHIN, CASH_OUT or CASHOUT)", value);
  }),
);

/** Spec 2.2. */
export const payerSchema = z.looseObject({
  name: z.string(),
  email: z.string(),
  document: z.string(),
  phone: z.nullish(z.string()),
});
export type Payer = z.infer<typeof payerSchema>;

const timestampSchema = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), { error: "not a timestamp" }));

/** Spec 2.3, the fields both cash-in and cash-out creation responses carry. */
const transactionFields = {
  id: z.string().check(z.minLength(1)),
  value: z.number().check(z.int(), z.nonnegative()),
  tax: z.number(),
  callbackUrl: z.string(),
  description: z.nullish(z.string()),
  operation: transactionOperationSchema,
  status: transactionStatusSchema,
  metadata: z.nullish(z.record(z.string(), z.unknown())),
  externalReference: z.nullish(z.string()),
  createdAt: timestampSchema,
};

export const cashInTransactionSchema = z.looseObject({
  ...transactionFields,
  codeCopyPaste: z.string().check(z.minLength(1)),
  qrcodeImage: z.string().check(z.minLength(1)),
  payer: payerSchema,
});
export type CashInTransaction = z.infer<typeof cashInTransactionSchema>;

export const cashOutTransactionSchema = z.looseObject(transactionFields);
export type CashOutTransaction = z.infer<typeof cashOutTransactionSchema>;

/** Spec 2.4 `request`: the transaction as delivered to the callback, cash-in fields only when it is one. */
export const callbackTransactionSnapshotSchema = z.looseObject({
  ...transactionFields,
  codeCopyPaste: z.nullish(z.string()),
  qrcodeImage: z.nullish(z.string()),
  payer: z.nullish(payerSchema),
});
export type CallbackTransactionSnapshot = z.infer<typeof callbackTransactionSnapshotSchema>;

/** Spec 2.4. `url` is the callback URL and carries our secret: never show or log it. */
export const callbackLogSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  url: z.string(),
  responseStatus: z.number().check(z.int()),
  status: z.string(), // only SUCCESS is documented; other values are kept as they come
  request: callbackTransactionSnapshotSchema,
  response: z.unknown(),
  createdAt: timestampSchema,
});
export type CallbackLog = z.infer<typeof callbackLogSchema>;
