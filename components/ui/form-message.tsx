// A form-level message: errors are announced immediately (role="alert"), successes politely.
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: React.ReactNode }) {
  if (!children) return null;
  return kind === "error" ? (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {children}
    </div>
  ) : (
    <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {children}
    </div>
  );
}
