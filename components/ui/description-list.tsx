// Term/value pairs (a <dl>) laid out as two columns on wide screens and stacked on phones.
import type { ReactNode } from "react";
// clsx, not clsx(): client components (the cash-out review) use it too, and tailwind-merge would add
// ~9 KiB to their bundles; callers add classes that do not conflict with these.
import { clsx } from "clsx";

export function DescriptionList({
  className,
  children,
  ...rest
}: { className?: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <dl className={clsx("grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]", className)} {...rest}>
      {children}
    </dl>
  );
}

/**
 * One pair; `mono` for ids and codes, which may break anywhere rather than overflow. A value that is
 * data (`mono`, or `data`: a person's name, an e-mail) is marked translate="no", so neither a
 * browser's translator nor the e2e language check reads it as words of the page's language.
 */
export function DescriptionItem({
  term,
  mono,
  data,
  testId,
  children,
}: {
  term: ReactNode;
  mono?: boolean;
  data?: boolean;
  /** `data-testid` of the value, for tests that read one field. */
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd
        className={clsx("min-w-0", mono ? "font-mono text-sm break-all" : "wrap-anywhere")}
        translate={mono || data ? "no" : undefined}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
