// GET /api/v1/transactions: the ledger with its filters, newest first, cursor pages (scope transactions:read).
import { listTransactionsResponse } from "@/lib/api-v1/transactions";
import { apiKeyRoute } from "@/lib/http/api-key-route";
import { apiV1Methods } from "@/lib/http/api-v1-methods";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiV1Methods({
  GET: apiKeyRoute({ name: "api.transactions.list", scope: "transactions:read" }, listTransactionsResponse),
});
