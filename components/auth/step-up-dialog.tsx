"use client";
// The reusable step-up prompt. Wrap any call to a sensitive server action in runWithStepUp: when
// the action answers STEP_UP_REQUIRED, a modal dialog asks for a fresh authenticator code (or a
// backup code; the password for operators without two-factor), then the action runs once more.
//   const { runWithStepUp, stepUpDialog } = useStepUp(t);
//   const result = await runWithStepUp(() => someAction(input));
//   return <>{...}{stepUpDialog}</>;
// The dialog (step-up-dialog-body.tsx) is a separate chunk, fetched by a bare import() at the
// page's first interaction (components/ui/use-load-on-first-interaction.ts; the phone menu's loads
// on first use too): every form page carried it in its first-load JS, then fetched it after every
// load (issue #32), and most submissions need no step-up.
import { type ReactNode, useCallback, useState } from "react";
import { useLoadOnFirstInteraction } from "@/components/ui/use-load-on-first-interaction";
import type StepUpDialogType from "@/components/auth/step-up-dialog-body";
import type { StepUpMessages } from "@/components/auth/step-up-dialog-body";
import type { ActionResult } from "@/lib/actions/operator-action";

export type { StepUpMessages };

type DialogComponent = typeof StepUpDialogType;
const loadDialog = () => import("@/components/auth/step-up-dialog-body").then((module) => module.default);

/** `preload: false` for a form whose action never asks for a step-up: its page does not fetch the dialog. */
export function useStepUp(
  t: StepUpMessages,
  { preload = true }: { preload?: boolean } = {},
): {
  runWithStepUp: <T>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;
  stepUpDialog: ReactNode;
} {
  const [pending, setPending] = useState<{ resolve: (confirmed: boolean) => void; Dialog: DialogComponent } | null>(null);
  // Fetched at the first press, key or focus (not with the page), so the prompt shows at once when asked.
  useLoadOnFirstInteraction(loadDialog, preload);
  const runWithStepUp = useCallback(async <T,>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
    const first = await run();
    if (first.ok || first.code !== "STEP_UP_REQUIRED") return first;
    const Dialog = await loadDialog();
    const confirmed = await new Promise<boolean>((resolve) => setPending({ resolve, Dialog }));
    return confirmed ? run() : first;
  }, []);
  const stepUpDialog = pending ? (
    <pending.Dialog
      t={t}
      onClose={(confirmed) => {
        pending.resolve(confirmed);
        setPending(null);
      }}
    />
  ) : null;
  return { runWithStepUp, stepUpDialog };
}
