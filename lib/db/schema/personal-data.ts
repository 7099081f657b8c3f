// Transactions whose payer's or recipient's personal fields were anonymised (lib/personal-data/),
// by the retention job or a person's erasure request: the job skips them, and a page can say so.
// A table of its own rather than a column, so the ledger's table and its indexes stay as they are.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { transactions } from "./transactions";

export const anonymisedTransactions = pgTable(
  "anonymised_transactions",
  {
    transactionId: uuid("transaction_id")
      .primaryKey()
      .references(() => transactions.id),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }).notNull().defaultNow(),
    cause: text("cause", { enum: ["retention", "erasure"] }).notNull(),
  },
  (table) => [index("anonymised_transactions_anonymised_at_idx").on(table.anonymisedAt)],
);
