import type { Ref } from "react";

/** A page's h1 and intro; `headingRef` makes the heading focusable from script (focus is moved there when content is replaced in place). */
export function PageHeader({
  title,
  description,
  headingRef,
  titleIsData,
}: {
  title: string;
  /** The title is data (a customer's name), not words of the page's language: translate="no". */
  titleIsData?: boolean;
  description?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <header className="mb-6">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        translate={titleIsData ? "no" : undefined}
        className="text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {title}
      </h1>
      {description ? <p className="mt-1 max-w-3xl text-slate-700">{description}</p> : null}
    </header>
  );
}
