// A transaction's own callback can settle it while the creation call is still waiting for the
// wallet (lib/callbacks/apply-callback.ts). What the creation path writes after a failed or
// timed-out call must then not undo that: it only touches the row while it is still "creating".
import { and, eq, type SQL } from "drizzle-orm";
import { transactions } from "@/lib/db/schema";

export function stillUnsettled(transactionId: string): SQL {
  return and(eq(transactions.id, transactionId), eq(transactions.creationState, "creating"))!;
}
