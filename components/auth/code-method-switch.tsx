// The "use a backup code instead" / "use the authenticator app" link under a second-factor code
// field, shared by the sign-in code step and the step-up dialog. Switching empties the field.
export type CodeMethod = "totp" | "backup";

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
