import type { Messages } from "@/lib/i18n/messages";

const styles: Record<string, string> = {
  PENDING: "bg-amber-100 text-amber-950 border-amber-400",
  SUCCEED: "bg-emerald-100 text-emerald-950 border-emerald-500",
  CANCELED: "bg-slate-200 text-slate-900 border-slate-400",
  FAILED: "bg-red-100 text-red-950 border-red-400",
};

export function StatusBadge({
  status,
  t,
}: {
  status: string | null;
  t: Pick<Messages, "status.PENDING" | "status.SUCCEED" | "status.CANCELED" | "status.FAILED">;
}) {
  if (!status) return <span>—</span>;
  const label = t[`status.${status}` as keyof typeof t] ?? status;
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${styles[status] ?? "border-slate-400"}`}
    >
      {label}
    </span>
  );
}
