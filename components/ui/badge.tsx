// A small labelled pill: the word carries the meaning, the tone only supports it (never colour alone).
// Joined with clsx (badges render in client bundles too, see button.tsx): `wrap` lets a long label wrap.
// The look is the `.badge` class and its tone a `data-tone` attribute (app/globals.css, the same
// utilities applied there): a list draws dozens of badges, and each carried the same ten classes.
import type { ReactNode } from "react";
import type { Tone } from "@/lib/vocabulary/status-labels";
import { clsx } from "clsx";

export function Badge({
  tone = "neutral",
  wrap = false,
  className,
  children,
  ...rest
}: { tone?: Tone; wrap?: boolean; className?: string; children: ReactNode } & Record<`data-${string}`, string | undefined>) {
  return (
    <span className={clsx("badge", wrap && "whitespace-normal", className)} data-tone={tone === "neutral" ? undefined : tone} {...rest}>
      {children}
    </span>
  );
}
