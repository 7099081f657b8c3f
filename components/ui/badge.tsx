// A small labelled pill: the word carries the meaning, the tone only supports it (never colour alone).
import type { ReactNode } from "react";
import type { Tone } from "@/lib/status-vocabulary";
import { cn } from "@/lib/utils";

const tones: Record<Tone, string> = {
  neutral: "border-slate-400 bg-slate-100 text-slate-900",
  info: "border-sky-500 bg-sky-50 text-sky-950",
  success: "border-emerald-500 bg-emerald-100 text-emerald-950",
  warning: "border-amber-500 bg-amber-100 text-amber-950",
  danger: "border-red-500 bg-red-100 text-red-950",
};

export function Badge({
  tone = "neutral",
  className,
  children,
  ...rest
}: { tone?: Tone; className?: string; children: ReactNode } & Record<`data-${string}`, string | undefined>) {
  return (
    <span
      className={cn("inline-block whitespace-nowrap rounded-full border px-2.5 py-0.5 text-sm font-semibold", tones[tone], className)}
      {...rest}
    >
      {children}
    </span>
  );
}
