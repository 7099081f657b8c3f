// Which stores an operator's role applies to (issue #49). No row for an operator: all stores (the
// default, so a one-store merchant and every operator from before stores see nothing change); rows:
// exactly those stores. A store cannot be deleted while an operator is granted it (restrict), so a
// scoped operator's grants never vanish into "all stores".
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { stores } from "./stores";

export const operatorStoreGrants = pgTable(
  "operator_store_grants",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    grantedBy: text("granted_by"),
  },
  (table) => [
    // Leads with the operator: the session read collects one operator's stores by it.
    primaryKey({ columns: [table.userId, table.storeId] }),
    // The restrict check on a store's deletion.
    index("operator_store_grants_store_idx").on(table.storeId),
  ],
);
