// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from its zod schemas. Public:
// it describes the API and holds no data.
import { apiDocument } from "@/lib/api-v1/openapi";
import { getRuntime } from "@/lib/server/runtime";

export async function GET(): Promise<Response> {
  const { config } = await getRuntime();
  return new Response(JSON.stringify(apiDocument(config.appUrl)), {
    headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
  });
}
