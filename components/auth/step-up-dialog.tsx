"use client";
// The reusable step-up prompt. Wrap any call to a sensitive server action in runWithStepUp: when
// the action answers STEP_UP_REQUIRED, a modal dialog asks for a fresh authenticator code (or a
// backup code; the password for operators without two-factor), then the action runs once more.
//   const { runWithStepUp, stepUpDialog } = useStepUp(t);
//   const result = await runWithStepUp(() => someAction(input));
//   return <>{...}{stepUpDialog}</>;
// The dialog (step-up-dialog-body.tsx) is a separate chunk, fetched by a bare import() when an
// action first asks for a step-up (as the phone menu's is on first use): every form page carried it
// in its first-load JS, then fetched it right after every load (issue #32: over the budget as
// loaded), and most submissions need no step-up. The cash-out form, whose sending always asks,
// fetches it ahead (loadStepUpDialog) when the operator starts on the form.
import { type ReactNode, useCallback, useState } from "react";
import type StepUpDialogType from "@/components/auth/step-up-dialog-body";
import type { StepUpMessages } from "@/components/auth/step-up-dialog-body";
import type { ActionAnswer } from "@/lib/actions/operator-action";

export type { StepUpMessages };

type DialogComponent = typeof StepUpDialogType;
/** The dialog's code (the module system keeps the one copy: asking again is free). */
export const loadStepUpDialog = () => import("@/components/auth/step-up-dialog-body").then((module) => module.default);

export function useStepUp(t: StepUpMessages): {
  runWithStepUp: <T>(run: () => Promise<ActionAnswer<T>>) => Promise<ActionAnswer<T>>;
  stepUpDialog: ReactNode;
} {
  const [pending, setPending] = useState<{ resolve: (confirmed: boolean) => void; Dialog: DialogComponent } | null>(null);
  const runWithStepUp = useCallback(async <T,>(run: () => Promise<ActionAnswer<T>>): Promise<ActionAnswer<T>> => {
    const first = await run();
    if (first.ok || first.code !== "STEP_UP_REQUIRED") return first;
    const Dialog = await loadStepUpDialog();
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
