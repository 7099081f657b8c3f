import { asc } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { user } from "@/lib/db/schema";

export function listOperators(db: Database) {
  return db.select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt }).from(user).orderBy(asc(user.createdAt));
}
