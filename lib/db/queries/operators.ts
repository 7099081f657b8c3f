import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { account, operatorSecurity, twoFactor, user } from "@/lib/db/schema";
import { isDescending, type ListCursor, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { listPageSize, type OperatorSortColumn, operatorsSort } from "@/lib/vocabulary/list-orders";
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
import { type KeysetColumn, keysetAfter, keysetColumn, keysetOrder, type KeysetRead, keysetPage } from "./list-keyset";

// The operators page and the admin actions on one operator (role, disable, resets) read and write here.

const operatorColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  disabled: user.banned,
  twoFactorEnabled: user.twoFactorEnabled,
  mustChangePassword: operatorSecurity.mustChangePassword,
};

/** Every operator, oldest first: the pickers of other pages (audit log, statements). */
export function listOperators(db: Database) {
  return db
    .select(operatorColumns)
    .from(user)
    .leftJoin(operatorSecurity, eq(operatorSecurity.userId, user.id))
    .orderBy(asc(user.createdAt));
}

/**
 * The operators page's orders: keyset on (column, id) like every list's, each read either way from
 * its index (`user_created_at_id_idx`, `user_name_id_idx`, `user_email_id_idx`, `user_role_id_idx`,
 * migration 0031: a team of thousands is not sorted whole for a page; `user.id` is text).
 */
export const operatorSortColumns: Record<OperatorSortColumn, KeysetColumn> = {
  created: keysetColumn(user.createdAt, "timestamptz"),
  name: keysetColumn(sql`lower(${user.name})`, "text"),
  email: keysetColumn(sql`lower(${user.email})`, "text"),
  role: keysetColumn(user.role, "text"),
};

export function operatorsPageQuery(db: Database, sort: ListSort<OperatorSortColumn>, read: KeysetRead) {
  const column = operatorSortColumns[sortColumnOf(sort)];
  return db
    .select({ ...operatorColumns, keyValue: column.key })
    .from(user)
    .leftJoin(operatorSecurity, eq(operatorSecurity.userId, user.id))
    .where(keysetAfter(column, user.id, "text", read.from, read.descending))
    .orderBy(...keysetOrder(column, user.id, read.descending))
    .limit(read.limit);
}

/** One page of operators in `sort`'s order (oldest first by default), read on or back from `cursor`. */
export function listOperatorsPage(db: Database, options: { sort?: ListSort<OperatorSortColumn>; cursor?: ListCursor } = {}) {
  const sort = options.sort ?? operatorsSort.defaultSort;
  return keysetPage(options.cursor, listPageSize, isDescending(sort), (read) => operatorsPageQuery(db, sort, read));
}

/** One operator's id, e-mail and role, or undefined when there is no such operator. */
export async function findOperator(db: Database, userId: string) {
  const [operator] = await db.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, userId));
  return operator;
}

export async function setOperatorRole(db: Database, userId: string, role: OperatorRole) {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Disables (banned, reason "disabled") or enables an operator; their sessions are ended elsewhere. */
export async function setOperatorDisabled(db: Database, userId: string, disabled: boolean) {
  await db
    .update(user)
    .set(
      disabled ? { banned: true, banReason: "disabled", updatedAt: new Date() } : { banned: false, banReason: null, updatedAt: new Date() },
    )
    .where(eq(user.id, userId));
}

/** Removes an operator's authenticator: they enrol again at their next sign-in. */
export async function removeTwoFactor(db: Database, userId: string) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Marks an operator's authenticator unverified, so better-auth lets a new enrolment replace it. */
export async function markTwoFactorUnverified(db: Database, userId: string) {
  await db.update(twoFactor).set({ verified: false }).where(eq(twoFactor.userId, userId));
}

/** Replaces the password hash of an operator's credential account. */
export async function setCredentialPasswordHash(db: Database, userId: string, passwordHash: string) {
  await db
    .update(account)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
}
