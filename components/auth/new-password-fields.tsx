// A new password typed twice, as the first-run setup and the change-password form ask for it:
// two password fields that password managers recognise as a new password (autoComplete).
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";

type Field = { id: string; label: string; error: string | undefined; registered: UseFormRegisterReturn };

export function NewPasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  return (
    <>
      {[password, confirm].map(({ id, label, error, registered }) => (
        <TextField key={id} id={id} type="password" autoComplete="new-password" label={label} error={error} {...registered} />
      ))}
    </>
  );
}
