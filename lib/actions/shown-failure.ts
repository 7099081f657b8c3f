// An action's failure in the caller's language. Handlers answer with encoded message keys
// (lib/i18n/message.ts: plain strings that fit tests, logs and the audit trail); the action wrapper
// (operator-action.ts) and the public actions (sign-in, its code, first-run setup) pass their answer
// through here, so the browser receives the text too. A form therefore carries only the messages its
// own schema can produce in the browser (lib/i18n/client-messages.ts), not every `errors.*` message
// an action might answer with (~27 KB of each form page's payload before).
import "server-only";
import type { ActionAnswer, ActionFailure, ActionResult, ShownFailure } from "@/lib/actions/action-result";
import { getMessages } from "@/lib/i18n/locale";
import { translateMessage } from "@/lib/i18n/message";

export async function shownFailure(result: ActionFailure): Promise<ShownFailure>;
export async function shownFailure<T>(result: ActionResult<T>): Promise<ActionAnswer<T>>;
export async function shownFailure<T>(result: ActionResult<T>): Promise<ActionAnswer<T>> {
  if (result.ok) return result;
  const { t } = await getMessages();
  const fieldMessages = Object.fromEntries(
    Object.entries(result.fieldErrors ?? {}).map(([field, messages]) => [field, messages.map((message) => translateMessage(t, message))]),
  );
  return { ...result, message: translateMessage(t, result.error), fieldMessages };
}
