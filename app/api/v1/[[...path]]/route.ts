// Any path under /api/v1 that no route answers: a 404 problem for every method, in the caller's
// language, where Next would answer its HTML page. No key asked: the paths are public (openapi.json).
import { apiPublicRoute } from "@/lib/http/api-key-route";
import { apiV1EveryMethod } from "@/lib/http/api-v1-methods";
import { msg } from "@/lib/i18n/message";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1EveryMethod(
  apiPublicRoute<{ path?: string[] }>({ name: "api.not_found" }, (_request, { problem }) => problem(404, msg("errors.route.notFound"))),
);
