import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { account, operatorSecurity, twoFactor, user } from "@/lib/db/schema";
import { isDescending, type ListSort, sortColumnOf } from "@/lib/vocabulary/list-sort";
import { listPageSize, type OperatorSortColumn, operatorsSort } from "@/lib/vocabulary/list-orders";
import type { OperatorRole } from "@/lib/vocabulary/operator-roles";
import { type KeysetFrom, type KeysetOrder, keysetAfter, keysetOrderBy, keysetValue, readKeysetPage } from "./keyset-order";

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
 * The operators page's orders: keyset on (expression, id) like every list's, with no index of their
 * own (a team's handful of rows; `user.id` is text).
 */
const operatorOrders: Record<OperatorSortColumn, KeysetOrder> = {
  created: { expression: sql`${user.createdAt}`, type: "timestamptz", id: sql`${user.id}`, idType: "text" },
  name: { expression: sql`lower(${user.name})`, type: "text", id: sql`${user.id}`, idType: "text" },
  email: { expression: sql`lower(${user.email})`, type: "text", id: sql`${user.id}`, idType: "text" },
  role: { expression: sql`${user.role}`, type: "text", id: sql`${user.id}`, idType: "text" },
};

/** One page of operators in `sort`'s order (oldest first by default), read on or back from `from`. */
export function listOperatorsPage(db: Database, options: { sort?: ListSort<OperatorSortColumn>; from?: KeysetFrom } = {}) {
  const sort = options.sort ?? operatorsSort.defaultSort;
  const order = operatorOrders[sortColumnOf(sort)];
  return readKeysetPage(
    (descending, after, limit) =>
      db
        .select({ ...operatorColumns, keysetValue: keysetValue(order) })
        .from(user)
        .leftJoin(operatorSecurity, eq(operatorSecurity.userId, user.id))
        .where(keysetAfter(order, descending, after))
        .orderBy(...keysetOrderBy(order, descending))
        .limit(limit),
    isDescending(sort),
    options.from,
    listPageSize,
  );
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
