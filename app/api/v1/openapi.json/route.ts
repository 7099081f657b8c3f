// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from its zod schemas. Public:
// it describes the API and holds no data.
import { apiDocument } from "@/lib/api-v1/openapi";
import { apiPublicRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";
import { getRuntime } from "@/lib/server/runtime";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiPublicRoute({ name: "api.openapi" }, async () => {
    const { config } = await getRuntime();
    return new Response(JSON.stringify(apiDocument(config.appUrl)), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
    });
  }),
});
