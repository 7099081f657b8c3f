"use client";
// After a submit with invalid fields: one announcement (role="alert") listing every problem, each
// a link to its field, so screen-reader and keyboard users learn all of them at once.
import type { FieldErrors } from "react-hook-form";
import type { CashOutFormInput } from "@/lib/schemas/cash-out";
import { pixKeyTypeInputId } from "@/components/cash-out/pix-key-fields";

type Problem = { fieldId: string | null; message: string };

/** Every field error in form order, with the id of the input it belongs to. */
export function problemsOf(errors: FieldErrors<CashOutFormInput>): Problem[] {
  const problems: Problem[] = [];
  const add = (fieldId: string | null, message: string | undefined) => message && problems.push({ fieldId, message });
  add(null, errors.idempotencyKey?.message);
  add("amount", errors.amount?.message);
  add(pixKeyTypeInputId("EMAIL"), errors.pixKey?.type?.message);
  add("pixKey", errors.pixKey?.key?.message);
  const metadata = errors.metadata;
  if (Array.isArray(metadata)) {
    metadata.forEach((row, index) => {
      add(`metadata-${index}-key`, row?.key?.message);
      add(`metadata-${index}-value`, row?.value?.message);
    });
  }
  add(null, metadata?.root?.message ?? metadata?.message);
  add("externalReference", errors.externalReference?.message);
  return problems;
}

export function FormErrorSummary({ title, problems }: { title: string; problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once per submit; messages may repeat
          <li key={`${problem.fieldId ?? "form"}-${index}`}>
            {problem.fieldId ? (
              <a href={`#${problem.fieldId}`} className="underline">
                {problem.message}
              </a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
