"use client";
// A small icon button beside an id that copies it and says so in a toast (and by its icon).
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { buttonClassName } from "@/components/ui/button";

export type CopyMessages = { copied: string; failed: string };

/** The look of every copy-id button (also the Transactions list's, which draws its own: ledger-table-view.tsx). */
export const copyIdButtonClassName = buttonClassName({ variant: "ghost", size: "iconSm", className: "align-middle" });

/** Copies `value` and says whether it worked in a toast; true when it did. */
export async function copyWithToast(value: string, messages: CopyMessages): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    toast(messages.copied);
    return true;
  } catch {
    toast(messages.failed, "error");
    return false;
  }
}

export function CopyIdButton({ value, label, copied, failed }: { value: string; label: string } & CopyMessages) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={copyIdButtonClassName}
      onClick={async () => {
        if (!(await copyWithToast(value, { copied, failed }))) return;
        setDone(true);
        setTimeout(() => setDone(false), 2000);
      }}
    >
      {done ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
    </button>
  );
}
