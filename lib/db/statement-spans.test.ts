import { describe, expect, it } from "vitest";
import { statementSpanName } from "@/lib/db/statement-spans";

describe("database statement spans' names", () => {
  it("name the operation and the table, never the values", () => {
    expect(statementSpanName('select "id", "status" from "transactions" where "id" = $1').name).toBe("SELECT transactions");
    expect(statementSpanName('insert into "callback_logs" ("id") values ($1)').name).toBe("INSERT callback_logs");
    expect(statementSpanName('update "transactions" set "status" = $1').name).toBe("UPDATE transactions");
    expect(statementSpanName('delete from "sessions" where "token" = $1').name).toBe("DELETE sessions");
    expect(statementSpanName('select * from "public"."user"').name).toBe("SELECT user");
    expect(statementSpanName("begin").name).toBe("BEGIN");
    expect(statementSpanName("with recent as (select 1 from transactions) select * from recent").name).toBe("WITH transactions");
    const { attributes } = statementSpanName("select payer_document from transactions where payer_document = '52998224725'");
    expect(attributes).toEqual({ "db.system.name": "postgresql", "db.operation.name": "SELECT", "db.collection.name": "transactions" });
  });
});
