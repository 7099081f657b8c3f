"use client";
// Toasts for the result of an action: `toast("Saved.")` from any client component shows a short
// message in the corner for a few seconds. The live regions are rendered (empty) by <Toaster /> from
// the start, so screen readers announce each message as it is added: successes politely, errors at once.
// Pages render <Toaster /> (toaster.tsx), which draws the close icon on the server.
import { type ReactNode, useSyncExternalStore } from "react";
import { clsx } from "clsx";

type ToastKind = "success" | "error";
type ToastEntry = { id: number; kind: ToastKind; message: string };

const visibleForMs = 6000;
let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  publish(entries.filter((entry) => entry.id !== id));
}

/** Shows a message; at most three at a time, the oldest leaving first. */
export function toast(message: string, kind: ToastKind = "success"): number {
  const id = nextId++;
  publish([...entries.slice(-2), { id, kind, message }]);
  setTimeout(() => dismissToast(id), visibleForMs);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noEntries: ToastEntry[] = [];

type CloseButton = { closeLabel: string; closeIcon: ReactNode };

function ToastList({ kind, closeLabel, closeIcon }: { kind: ToastKind } & CloseButton) {
  const list = useSyncExternalStore(
    subscribe,
    () => entries,
    () => noEntries,
  ).filter((entry) => entry.kind === kind);
  return (
    <div role={kind === "error" ? "alert" : "status"} className="flex flex-col gap-2" data-testid={`toasts-${kind}`}>
      {list.map((entry) => (
        <div
          key={entry.id}
          className={clsx(
            "pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg",
            kind === "error" ? "border-red-300 bg-red-50 text-red-950" : "border-emerald-300 bg-emerald-50 text-emerald-950",
          )}
        >
          <p className="flex-1">{entry.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(entry.id)}
            className="-m-1 rounded p-1 hover:bg-black/5"
            aria-label={closeLabel}
          >
            {closeIcon}
          </button>
        </div>
      ))}
    </div>
  );
}

/** Where toasts appear (through <Toaster />, toaster.tsx). */
export function ToastRegions({ closeLabel, closeIcon }: CloseButton) {
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-96">
      <ToastList kind="error" closeLabel={closeLabel} closeIcon={closeIcon} />
      <ToastList kind="success" closeLabel={closeLabel} closeIcon={closeIcon} />
    </div>
  );
}
