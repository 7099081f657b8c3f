// What a server action answers (lib/actions/operator-action.ts is the one wrapper; the public
// actions answer the same shapes): a handler's result with message keys, and the answer its caller
// receives with their text (lib/actions/shown-failure.ts). Types only, so the wrapper and the
// translation share them without importing each other.
/** A failure as a handler answers it: its messages as encoded keys (lib/i18n/message.ts). */
export type ActionFailure = {
  ok: false;
  code: "UNAUTHENTICATED" | "FORBIDDEN" | "STEP_UP_REQUIRED" | "INVALID_INPUT" | "FAILED";
  /** An encoded message key (lib/i18n/message.ts), for programs and tests; people read `message`. */
  error: string;
  /** Encoded message keys by dotted field path. */
  fieldErrors?: Record<string, string[]>;
};
/** What a handler answers. */
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

/**
 * A failure as the browser receives it (lib/actions/shown-failure.ts): the keys, and their text in
 * the caller's language, so a form needs no `errors.*` dictionary to show what an action said.
 */
export type ShownFailure = ActionFailure & { message: string; fieldMessages: Record<string, string[]> };
/** What an action answers its caller. */
export type ActionAnswer<T> = { ok: true; data: T } | ShownFailure;
