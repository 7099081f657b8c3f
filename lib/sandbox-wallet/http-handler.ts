// The sandbox wallet over HTTP: a `(Request) => Promise<Response>` router for the spec's /api/v1
// endpoints and the /control endpoints, with bearer auth, body limits (413), JSON only (415), and
// the envelope on every answer. Unexpected failures are logged and answered without any detail.
// One control lives here because it wraps the creation endpoints: /control/slow-answers holds the
// next creation answers (the transaction is created and settles as usual), so QA can reproduce a
// client timeout whose callback arrives anyway.
import { and, eq, gt, sql } from "drizzle-orm";
import { readBodyWithinLimit } from "../net/read-limited-body";
import { accountOfToken } from "./accounts";
import { createCashIn, createCashOut, readCallbackLog, resendCallback } from "./api-endpoints";
import type { SandboxContext } from "./context";
import type { SandboxDatabase } from "./database";
import { applyControlEvent, listCallbackLogs, readBalance, readTransaction } from "./control-endpoints";
import { errorResponse, SandboxApiError } from "./envelope";
import { controlSettings } from "./schema";

type Route = {
  method: "GET" | "POST";
  pattern: RegExp;
  /** Whether the endpoint reads a JSON body (and so checks Content-Type and size). */
  readsBody: boolean;
  /** `account`: the sandbox account the bearer token acts as (lib/sandbox-wallet/accounts.ts). */
  handle: (context: SandboxContext, params: { id: string; body: unknown; account: string }) => Promise<Response>;
};

const idSegment = "([^/]+)";

const routes: Route[] = [
  {
    method: "POST",
    pattern: /^\/api\/v1\/wallets\/in$/,
    readsBody: true,
    handle: (context, { body, account }) => createCashIn(context, body, account),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/wallets\/out$/,
    readsBody: true,
    handle: (context, { body, account }) => createCashOut(context, body, account),
  },
  // The spec names the path `callbacklogs`; its request examples write `callbackLogs`. Both work.
  {
    method: "GET",
    pattern: new RegExp(`^/api/v1/callback(?:logs|Logs)/${idSegment}$`),
    readsBody: false,
    handle: (context, { id, account }) => readCallbackLog(context, id, account),
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/simulations\/resend\/callback$/,
    readsBody: true,
    handle: (context, { body, account }) => resendCallback(context, body, account),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/control/cash-ins/${idSegment}/pay$`),
    readsBody: false,
    handle: (context, { id, account }) => applyControlEvent(context, id, "PAY", account),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/control/cash-ins/${idSegment}/expire$`),
    readsBody: false,
    handle: (context, { id, account }) => applyControlEvent(context, id, "EXPIRE", account),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/control/cash-outs/${idSegment}/settle$`),
    readsBody: false,
    handle: (context, { id, account }) => applyControlEvent(context, id, "SETTLE", account),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/control/cash-outs/${idSegment}/fail$`),
    readsBody: false,
    handle: (context, { id, account }) => applyControlEvent(context, id, "FAIL", account),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/control/transactions/${idSegment}$`),
    readsBody: false,
    handle: (context, { id, account }) => readTransaction(context, id, account),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/control/transactions/${idSegment}/callback-logs$`),
    readsBody: false,
    handle: (context, { id, account }) => listCallbackLogs(context, id, account),
  },
  { method: "GET", pattern: /^\/control\/balance$/, readsBody: false, handle: (context, { account }) => readBalance(context, account) },
];

const creationRoutes = routes.slice(0, 2);
const slowAnswersRoute: Route = {
  method: "POST",
  pattern: /^\/control\/slow-answers$/,
  readsBody: true,
  handle: async () => new Response(null, { status: 500 }),
};
routes.push(slowAnswersRoute);

export type HttpHandlerOptions = {
  context: SandboxContext;
  token: string;
  /** The path the sandbox is mounted at ("/sandbox" in the app); stripped before routing. */
  mountPath: string;
};

const slowAnswersSchema = { maxCount: 10, maxDelayMs: 60_000 };

function readSlowAnswers(body: unknown): { count: number; delayMs: number } {
  const { count, delayMs } = (body ?? {}) as Record<string, unknown>;
  if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > slowAnswersSchema.maxCount)
    throw new SandboxApiError(400, `count must be an integer from 0 to ${slowAnswersSchema.maxCount}`);
  if (!Number.isInteger(delayMs) || (delayMs as number) < 1 || (delayMs as number) > slowAnswersSchema.maxDelayMs)
    throw new SandboxApiError(400, `delayMs must be an integer from 1 to ${slowAnswersSchema.maxDelayMs}`);
  return { count: count as number, delayMs: delayMs as number };
}

// In the database, not in this process: with several app instances the control request and the
// next creation may be served by different ones.
async function holdSlowAnswers(db: SandboxDatabase, count: number, delayMs: number, now: Date): Promise<void> {
  const values = { slowAnswersRemaining: count, slowAnswersDelayMs: delayMs, updatedAt: now };
  await db
    .insert(controlSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: controlSettings.id, set: values });
}

/** Takes one held answer (atomically: concurrent creations never take the same one); its delay, or 0. */
async function takeSlowAnswer(db: SandboxDatabase): Promise<number> {
  const [taken] = await db
    .update(controlSettings)
    .set({ slowAnswersRemaining: sql`${controlSettings.slowAnswersRemaining} - 1` })
    .where(and(eq(controlSettings.id, 1), gt(controlSettings.slowAnswersRemaining, 0)))
    .returning({ delayMs: controlSettings.slowAnswersDelayMs });
  return taken?.delayMs ?? 0;
}

export function createHttpHandler(options: HttpHandlerOptions): (request: Request) => Promise<Response> {
  const { context, mountPath, token } = options;

  return async function handleRequest(request: Request): Promise<Response> {
    try {
      const pathname = new URL(request.url).pathname;
      const relative = stripMount(pathname, mountPath);
      const candidates = relative === undefined ? [] : routes.filter((route) => route.pattern.test(relative));
      if (relative === undefined || candidates.length === 0) throw new SandboxApiError(404, `No endpoint at ${describePath(pathname)}`);
      const route = candidates.find((candidate) => candidate.method === request.method);
      if (!route) {
        const allowed = [...new Set(candidates.map((candidate) => candidate.method))].join(", ");
        throw new SandboxApiError(405, `Method ${describeMethod(request.method)} is not allowed here; use ${allowed}`, { Allow: allowed });
      }
      const account = checkBearerToken(request, token);
      const id = decodeSegment(route.pattern.exec(relative)?.[1]);
      const body = route.readsBody ? await readJsonBody(request, context.settings.maxBodyBytes) : undefined;
      if (route === slowAnswersRoute) {
        const { count, delayMs } = readSlowAnswers(body);
        await holdSlowAnswers(context.db, count, delayMs, context.clock());
        return Response.json({ success: true, messageError: null, data: { count, delayMs } });
      }
      const answer = await route.handle(context, { id, body, account });
      if (creationRoutes.includes(route) && answer.ok) {
        const delayMs = await takeSlowAnswer(context.db);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      return answer;
    } catch (error) {
      if (error instanceof SandboxApiError) return error.toResponse();
      context.logger.error({ err: error, method: request.method }, "sandbox wallet: request failed unexpectedly");
      return errorResponse(500, "The sandbox wallet could not process the request because of an internal error; try again");
    }
  };
}

function stripMount(pathname: string, mountPath: string): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!mountPath) return trimmed;
  if (trimmed === mountPath) return "";
  return trimmed.startsWith(`${mountPath}/`) ? trimmed.slice(mountPath.length) : undefined;
}

function decodeSegment(segment: string | undefined): string {
  if (!segment) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function describePath(pathname: string): string {
  return pathname.length > 120 ? `${pathname.slice(0, 120)}...` : pathname;
}

function describeMethod(method: string): string {
  return /^[A-Z]{1,10}$/.test(method) ? method : "this method";
}

/** The account the request's bearer token acts as: the primary token's, or one derived from it. */
function checkBearerToken(request: Request, primaryToken: string): string {
  const challenge = { "WWW-Authenticate": 'Bearer realm="sandbox-wallet"' };
  const header = request.headers.get("authorization");
  if (!header) throw new SandboxApiError(401, "Missing access token: send the header Authorization: Bearer <access token>", challenge);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new SandboxApiError(401, "Malformed Authorization header: it must be Bearer <access token>", challenge);
  // Compared as fixed-length digests in constant time: the answer's timing says nothing about the token.
  const account = accountOfToken(primaryToken, match[1]!);
  if (account === undefined) throw new SandboxApiError(401, "Invalid access token", challenge);
  return account;
}

async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new SandboxApiError(
      415,
      `Unsupported Content-Type ${contentType ? `"${contentType.slice(0, 100)}"` : "(none)"}: send the body as JSON with Content-Type: application/json`,
    );
  }
  const bytes = await readBodyWithinLimit(request, maxBytes);
  if (bytes === undefined) throw new SandboxApiError(413, `Request body too large: at most ${maxBytes} bytes are accepted`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SandboxApiError(400, "Invalid request: the body is not valid UTF-8 text");
  }
  if (text.trim() === "") throw new SandboxApiError(400, "Invalid request: the body is empty; send a JSON object");
  try {
    return JSON.parse(text);
  } catch {
    throw new SandboxApiError(400, "Invalid request: the body is not valid JSON");
  }
}
