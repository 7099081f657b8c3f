// Password fields as the first-run setup and the change-password form ask for them: optionally the
// current password, then the new one typed twice, each with autoComplete set so password managers
// offer the saved password or a new one.
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";

type Field = { id: string; label: string; error: string | undefined; registered: UseFormRegisterReturn };

export function NewPasswordFields({ current, password, confirm }: { current?: Field; password: Field; confirm: Field }) {
  const fields = [
    ...(current ? [{ ...current, autoComplete: "current-password" }] : []),
    { ...password, autoComplete: "new-password" },
    { ...confirm, autoComplete: "new-password" },
  ];
  return (
    <>
      {fields.map(({ id, label, error, registered, autoComplete }) => (
        <TextField key={id} id={id} type="password" autoComplete={autoComplete} label={label} error={error} {...registered} />
      ))}
    </>
  );
}
