// Live status of one local transaction for operators' pages (server-sent events;
// lib/http/operator-route.ts).
import { findTransactionStatus } from "@/lib/db/queries/transactions";
import { operatorRoute } from "@/lib/http/operator-route";
import { problemResponse } from "@/lib/http/problem";
import { msg } from "@/lib/i18n/message";
import { liveStateStream } from "@/lib/live/sse-stream";
import { transactionIdSchema } from "@/lib/schemas/transaction-id";
import { isFinalStatus } from "@/lib/transactions/status-polling";

export const dynamic = "force-dynamic";

export const GET = operatorRoute<{ id: string }>(
  { name: "transactions.events", capability: "read" },
  async (request, { db, operator, params }) => {
    const id = transactionIdSchema.safeParse(params.id);
    if (!id.success || !(await findTransactionStatus(db, operator.storeGrants, id.data)))
      return problemResponse(404, msg("errors.transaction.unknown"));
    return liveStateStream({
      request,
      db,
      read: async () => (await findTransactionStatus(db, operator.storeGrants, id.data)) ?? null,
      concerns: (event) => event.kind === "transaction" && event.id === id.data,
      recheckEveryMs: () => 30_000,
      isLast: (state) => state === null || isFinalStatus(state.status),
    });
  },
);
