"use client";
// A second-factor code as the sign-in code step and the step-up dialog ask for it: the code typed
// (useCodeEntry) and the "use a backup code instead" / "use the authenticator app" link under the
// field (CodeMethodSwitch). Switching the method empties the field.
import { type ChangeEvent, useState } from "react";

export type CodeMethod = "totp" | "backup";

/** The method (authenticator code, backup code, or a caller's own such as "password") and the code typed. */
export function useCodeEntry<Method extends string | null>(initial: Method) {
  const [method, setMethod] = useState<Method>(initial);
  const [code, setCode] = useState("");
  return {
    method,
    setMethod,
    code,
    /** Spread on the code's input. */
    field: { value: code, onChange: (event: ChangeEvent<HTMLInputElement>) => setCode(event.target.value) },
    /** Another method, with the field emptied. */
    switchTo: (next: Method) => {
      setMethod(next);
      setCode("");
    },
  };
}

export function CodeMethodSwitch({
  method,
  onSwitch,
  useBackupLabel,
  useAppLabel,
}: {
  method: CodeMethod;
  /** Called with the other method; the caller empties its code field. */
  onSwitch: (next: CodeMethod) => void;
  useBackupLabel: string;
  useAppLabel: string;
}) {
  return (
    <button type="button" className="text-sm text-brand-800 underline" onClick={() => onSwitch(method === "totp" ? "backup" : "totp")}>
      {method === "totp" ? useBackupLabel : useAppLabel}
    </button>
  );
}
