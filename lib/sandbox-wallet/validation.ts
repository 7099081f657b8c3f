// Request bodies of the four API endpoints, validated as a strict provider would. A rejected body
// yields one message naming every offending field and why ("value: must be greater than 0; ...").
import * as z from "@/lib/schemas/zod";
import { SandboxApiError } from "./envelope";
import { isUuid, isValidDocument, isValidInternationalPhone, pixKeyProblem } from "./pix-validation";
import { pixDestinyTypes, type Metadata } from "./schema";
import type { SandboxWalletSettings } from "./settings";

export const requestLimits = {
  callbackUrlLength: 2_048,
  invoiceDescriptionLength: 140,
  externalReferenceLength: 255,
  payerNameLength: 100,
  emailLength: 254,
  metadataKeys: 50,
  metadataKeyLength: 64,
  metadataStringLength: 500,
} as const;

/** Zod's error hook: "is required" when the field is absent, otherwise what it must be. */
const requiredOr = (requirement: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : requirement),
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpUrl = z
  .string(requiredOr("must be an absolute http(s) URL"))
  .check(
    z.maxLength(requestLimits.callbackUrlLength, { error: `must be at most ${requestLimits.callbackUrlLength} characters` }),
    z.refine(isHttpUrl, { error: "must be an absolute http(s) URL, such as https://example.com/callbacks" }),
  );

const optionalText = (maxLength: number) =>
  z.pipe(
    z.nullish(z.string({ error: "must be a string" }).check(z.maxLength(maxLength, { error: `must be at most ${maxLength} characters` }))),
    z.transform((value) => value ?? null),
  );

const metadataValue = z.union([z.string().check(z.maxLength(requestLimits.metadataStringLength)), z.number(), z.boolean()], {
  error: `must be a string (at most ${requestLimits.metadataStringLength} characters), a number or a boolean`,
});

const metadata = z.pipe(
  z.nullish(
    z
      .record(
        z
          .string()
          .check(
            z.minLength(1, { error: "keys must not be empty" }),
            z.maxLength(requestLimits.metadataKeyLength, { error: `keys must be at most ${requestLimits.metadataKeyLength} characters` }),
          ),
        metadataValue,
        { error: "must be an object of key/value pairs" },
      )
      .check(
        z.refine((value) => Object.keys(value).length <= requestLimits.metadataKeys, {
          error: `must have at most ${requestLimits.metadataKeys} keys`,
        }),
      ),
  ),
  z.transform((value): Metadata => value ?? {}),
);

const value = (settings: SandboxWalletSettings) =>
  z
    .number(requiredOr("must be an integer number of cents (1000 means 10.00)"))
    .check(
      z.int({ error: "must be an integer number of cents (1000 means 10.00)" }),
      z.minimum(1, { error: "must be greater than 0" }),
      z.maximum(settings.maxValueCents, { error: `must be at most ${settings.maxValueCents} cents` }),
    );

const payer = z.strictObject(
  {
    name: z
      .string(requiredOr("must be a string"))
      .check(
        z.trim(),
        z.minLength(1, { error: "must not be empty" }),
        z.maxLength(requestLimits.payerNameLength, { error: `must be at most ${requestLimits.payerNameLength} characters` }),
      ),
    email: z
      .email(requiredOr("must be a valid e-mail address"))
      .check(z.maxLength(requestLimits.emailLength, { error: `must be at most ${requestLimits.emailLength} characters` })),
    document: z
      .string(requiredOr("must be a string"))
      .check(z.refine(isValidDocument, { error: "must be a CPF or CNPJ with valid check digits" })),
    phone: z.pipe(
      z.nullish(
        z
          .string({ error: "must be a string" })
          .check(
            z.refine(isValidInternationalPhone, { error: "must be an international phone number in E.164 form, such as +5511987654321" }),
          ),
      ),
      z.transform((phone) => phone ?? null),
    ),
  },
  requiredOr("must be an object with name, email and document"),
);

export function cashInRequestSchema(settings: SandboxWalletSettings) {
  return z.strictObject(
    {
      value: value(settings),
      callbackUrl: httpUrl,
      invoiceDescription: optionalText(requestLimits.invoiceDescriptionLength),
      metadata,
      payer,
      externalReference: optionalText(requestLimits.externalReferenceLength),
      expireInMinutes: z.pipe(
        z.nullish(
          z
            .number({ error: "must be an integer number of minutes" })
            .check(
              z.int({ error: "must be an integer number of minutes" }),
              z.minimum(1, { error: "must be at least 1" }),
              z.maximum(settings.maxExpireInMinutes, { error: `must be at most ${settings.maxExpireInMinutes}` }),
            ),
        ),
        z.transform((minutes) => minutes ?? settings.defaultExpireInMinutes),
      ),
    },
    { error: "must be a JSON object" },
  );
}
export type CashInRequest = z.output<ReturnType<typeof cashInRequestSchema>>;

export function cashOutRequestSchema(settings: SandboxWalletSettings) {
  return z.strictObject(
    {
      value: value(settings),
      callbackUrl: httpUrl,
      pixDestinyType: z.enum(pixDestinyTypes, requiredOr(`must be one of ${pixDestinyTypes.join(", ")}`)),
      pixDestinyKey: z
        .string(requiredOr("must be a string"))
        .check(z.minLength(1, { error: "must not be empty" }), z.maxLength(77, { error: "must be at most 77 characters" })),
      metadata,
      externalReference: optionalText(requestLimits.externalReferenceLength),
    },
    { error: "must be a JSON object" },
  );
}
export type CashOutRequest = z.output<ReturnType<typeof cashOutRequestSchema>>;

export const resendCallbackRequestSchema = z.strictObject(
  {
    id: z.string(requiredOr("must be a string")).check(z.refine(isUuid, { error: "must be a transaction id (a UUID)" })),
    newCallbackUrl: z.pipe(
      z.nullish(httpUrl),
      z.transform((url) => url ?? null),
    ),
  },
  { error: "must be a JSON object" },
);
export type ResendCallbackRequest = z.output<typeof resendCallbackRequestSchema>;

type Problem = { field: string; message: string };

function problemsFromIssues(issues: z.core.$ZodIssue[]): Problem[] {
  return issues.flatMap((issue): Problem[] => {
    const prefix = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: prefix ? `${prefix}.${key}` : key, message: "is not a known field" }));
    }
    return [{ field: prefix || "body", message: issue.message }];
  });
}

/** All problems, one entry per field (several reasons for one field are joined). */
function formatProblems(problems: Problem[]): string {
  const byField = new Map<string, string[]>();
  for (const { field, message } of problems) {
    const messages = byField.get(field) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(field, messages);
  }
  const parts = [...byField].map(([field, messages]) => `${field}: ${messages.join(" and ")}`);
  return `Invalid request: ${parts.join("; ")}`;
}

function parseOrThrow<T>(schema: z.ZodMiniType<T>, body: unknown, extraProblems: Problem[] = []): T {
  const result = schema.safeParse(body);
  const problems = [...(result.success ? [] : problemsFromIssues(result.error.issues)), ...extraProblems];
  if (problems.length > 0 || !result.success) throw new SandboxApiError(400, formatProblems(problems));
  return result.data;
}

export function parseCashInRequest(body: unknown, settings: SandboxWalletSettings): CashInRequest {
  return parseOrThrow(cashInRequestSchema(settings), body);
}

export function parseCashOutRequest(body: unknown, settings: SandboxWalletSettings): CashOutRequest {
  // The key is checked against its type even when other fields fail, so every problem is reported at once.
  const raw = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const type = raw.pixDestinyType;
  const key = raw.pixDestinyKey;
  const keyProblem =
    typeof key === "string" && key.length > 0 && key.length <= 77 && (pixDestinyTypes as readonly unknown[]).includes(type)
      ? pixKeyProblem(type as (typeof pixDestinyTypes)[number], key)
      : undefined;
  return parseOrThrow(cashOutRequestSchema(settings), body, keyProblem ? [{ field: "pixDestinyKey", message: keyProblem }] : []);
}

export function parseResendCallbackRequest(body: unknown): ResendCallbackRequest {
  return parseOrThrow(resendCallbackRequestSchema, body);
}
