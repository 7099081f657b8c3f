import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { operatorSecurity, user } from "@/lib/db/schema";

export function listOperators(db: Database) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      disabled: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      mustChangePassword: operatorSecurity.mustChangePassword,
    })
    .from(user)
    .leftJoin(operatorSecurity, eq(operatorSecurity.userId, user.id))
    .orderBy(asc(user.createdAt));
}
