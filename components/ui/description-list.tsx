// Term/value pairs (a <dl>) laid out as two columns on wide screens and stacked on phones.
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export function DescriptionList({
  className,
  children,
  ...rest
}: { className?: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <dl className={cn("grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]", className)} {...rest}>
      {children}
    </dl>
  );
}

/** One pair; `mono` for ids and codes, which may break anywhere rather than overflow. */
export function DescriptionItem({ term, mono, children }: { term: ReactNode; mono?: boolean; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className={cn("min-w-0", mono ? "font-mono text-sm break-all" : "break-words")}>{children}</dd>
    </div>
  );
}
