// The response envelope `{ success, messageError, data }` of every sandbox wallet response, and the
// error type whose message and HTTP status reach the client (anything else becomes a generic 500).
export type Envelope<T> = { success: boolean; messageError: string | null; data: T | null };

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function successResponse<T>(data: T | null): Response {
  const body: Envelope<T> = { success: true, messageError: null, data };
  return new Response(JSON.stringify(body), { status: 200, headers: jsonHeaders });
}

export function errorResponse(status: number, messageError: string, headers: Record<string, string> = {}): Response {
  const body: Envelope<never> = { success: false, messageError, data: null };
  return new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } });
}

/** A failure whose message is safe and meant for the client (no internal detail). */
export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "SandboxApiError";
  }

  toResponse(): Response {
    return errorResponse(this.status, this.message, this.headers);
  }
}
