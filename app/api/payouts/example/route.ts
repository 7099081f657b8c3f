// The example payouts CSV documented in the README (docs/payouts-example.csv), for the bulk page.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { publicRoute } from "@/lib/http/public-route";

export const dynamic = "force-static";

export const GET = publicRoute({ name: "payouts.example" }, async () => {
  const text = await readFile(path.join(/* turbopackIgnore: true */ process.cwd(), "docs/payouts-example.csv"), "utf8");
  return new Response(text, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="payouts-example.csv"' },
  });
});
