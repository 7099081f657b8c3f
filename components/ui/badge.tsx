// A small labelled pill: the word carries the meaning, the tone only supports it (never colour alone).
// Joined with clsx (badges render in client bundles too, see button.tsx): `wrap` lets a long label wrap.
import type { ReactNode } from "react";
import type { Tone } from "@/lib/vocabulary/status-labels";
import { clsx } from "clsx";

const tones: Record<Tone, string> = {
  neutral: "border-slate-400 bg-slate-100 text-slate-900",
  info: "border-sky-500 bg-sky-50 text-sky-950",
  success: "border-emerald-500 bg-emerald-100 text-emerald-950",
  warning: "border-amber-500 bg-amber-100 text-amber-950",
  danger: "border-red-500 bg-red-100 text-red-950",
};

export function Badge({
  tone = "neutral",
  wrap = false,
  className,
  children,
  ...rest
}: { tone?: Tone; wrap?: boolean; className?: string; children: ReactNode } & Record<`data-${string}`, string | undefined>) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold",
        wrap ? "whitespace-normal" : "whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}
