// Saved views (issue #53): a list's query string kept by name for one operator, opened as a plain
// link. The name is unique per operator and list, whatever its case.
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SavedViewList } from "../../vocabulary/saved-views";
import { user } from "./auth";

export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    list: text("list").$type<SavedViewList>().notNull(),
    name: text("name").notNull(),
    /** The list's query string without "?", as its parser wrote it back (valid fields only, no page cursor). */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("saved_views_user_list_name_idx").on(table.userId, table.list, sql`lower(${table.name})`)],
);
