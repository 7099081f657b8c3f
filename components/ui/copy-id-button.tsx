"use client";
// A small icon button beside an id that copies it and says so in a toast (and by its icon).
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { buttonClassName } from "@/components/ui/button";

export function CopyIdButton({ value, label, copied, failed }: { value: string; label: string; copied: string; failed: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={buttonClassName({ variant: "ghost", size: "iconSm", className: "align-middle" })}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setDone(true);
          setTimeout(() => setDone(false), 2000);
          toast(copied);
        } catch {
          toast(failed, "error");
        }
      }}
    >
      {done ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
    </button>
  );
}
