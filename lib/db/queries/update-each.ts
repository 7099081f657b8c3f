// Many rows, each with values of its own (a batch's scrubbed texts), in one statement: the rows go as
// one JSON array (jsonb_to_recordset) matched by primary key, instead of an UPDATE per row, each a
// round trip inside the batch's transaction (on the embedded database, one connection every request
// waits on) and, on `transactions`, each firing its statement triggers.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../client";

/** A column's value as written: its data, or null where the column allows it. */
type ColumnValue<Column extends PgColumn> = Column["_"]["notNull"] extends true ? Column["_"]["data"] : Column["_"]["data"] | null;

/** A row's id and its value for each column, typed by the column. */
export type RowValues<Columns extends Record<string, PgColumn>> = {
  id: string;
  values: { [Key in keyof Columns]: ColumnValue<Columns[Key]> };
};

/**
 * Sets `columns` of each row (by its uuid primary key `idColumn`) to that row's own values, in one
 * statement. A value is what the column holds (null, a text, an object for a jsonb column); keys
 * are the columns' names in `columns`, written to the record's own column names (`c0`, `c1`, …).
 */
export async function updateEachById<Columns extends Record<string, PgColumn>>(
  db: Pick<Database, "execute">,
  table: PgTable,
  idColumn: PgColumn,
  columns: Columns,
  rows: Array<RowValues<Columns>>,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(columns);
  const column = (key: string) => columns[key]!;
  const recordColumns: SQL[] = [
    sql`"id" uuid`,
    ...keys.map((key, index) => sql`${sql.identifier(`c${index}`)} ${sql.raw(column(key).getSQLType())}`),
  ];
  const assignments = keys.map((key, index) => sql`${sql.identifier(column(key).name)} = "v".${sql.identifier(`c${index}`)}`);
  const records = rows.map(({ id, values }) =>
    Object.fromEntries([["id", id], ...keys.map((key, index) => [`c${index}`, values[key] ?? null])]),
  );
  await db.execute(
    sql`update ${table} set ${sql.join(assignments, sql`, `)}
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as "v"(${sql.join(recordColumns, sql`, `)})
      where ${idColumn} = "v"."id"`,
  );
}
