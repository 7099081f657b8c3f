"use client";
// The command palette (loaded by command-palette.tsx on first use): a Radix dialog (focus trapped,
// Escape closes, title announced) holding a cmdk list (a combobox whose options the arrow keys walk
// and Enter opens). It offers the actions and pages the operator may use, matching the text typed,
// and the transactions the ledger's own search finds for it (app/api/transactions/find), read
// through the dashboard's one query cache (TanStack Query).
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { type RefObject, useEffect, useState } from "react";
import { matchingEntries, type PaletteEntry } from "@/components/command-palette/palette-entries";
import { formatBRL, formatDateTime } from "@/lib/format";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { type PaletteTransaction, paletteMinimumQuery } from "@/lib/vocabulary/command-palette";

/** How long typing must pause before the lookup asks the server. */
const lookupPauseMs = 200;

async function findTransactions(query: string, signal: AbortSignal): Promise<PaletteTransaction[]> {
  const response = await fetch(`/api/transactions/find?q=${encodeURIComponent(query)}`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  return ((await response.json()) as { transactions: PaletteTransaction[] }).transactions;
}

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), lookupPauseMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const itemLook =
  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-900 data-[selected=true]:bg-slate-100 data-[selected=true]:outline data-[selected=true]:outline-2 data-[selected=true]:outline-brand-700";
const groupLook =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-700";

export function CommandPaletteDialog({
  open,
  onOpenChange,
  returnFocusTo,
  pages,
  actions,
  locale,
  t,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  pages: PaletteEntry[];
  actions: PaletteEntry[];
  locale: string;
  t: ClientMessages<"commandPalette">;
}) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const lookup = useDebounced(query.trim());
  const transactions = useQuery({
    queryKey: ["command-palette", "transactions", lookup],
    queryFn: ({ signal }) => findTransactions(lookup, signal),
    enabled: open && lookup.length >= paletteMinimumQuery,
    staleTime: 10_000,
  });
  const go = (href: string) => {
    onOpenChange(false);
    setQuery("");
    router.push(href);
  };
  const shownActions = matchingEntries(actions, query);
  const shownPages = matchingEntries(pages, query);
  const found = lookup.length >= paletteMinimumQuery ? (transactions.data ?? []) : [];
  const searching = lookup.length >= paletteMinimumQuery && transactions.isFetching;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-[10vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 rounded-lg border border-slate-300 bg-white p-3 text-slate-900 shadow-xl"
          data-testid="command-palette"
        >
          <Dialog.Title className="sr-only">{t["palette.title"]}</Dialog.Title>
          <Dialog.Description className="px-1 pb-2 text-sm text-slate-700">{t["palette.description"]}</Dialog.Description>
          <Command label={t["palette.input"]} shouldFilter={false} loop>
            <Command.Input
              value={query}
              onValueChange={setQuery}
              placeholder={t["palette.placeholder"]}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            />
            <p aria-live="polite" className="px-3 py-1 text-sm text-slate-700">
              {searching
                ? t["palette.searching"]
                : transactions.isError
                  ? t["palette.failed"]
                  : query.trim().length > 0 && query.trim().length < paletteMinimumQuery
                    ? t["palette.typeMore"]
                    : ""}
            </p>
            <Command.List className="mt-2 max-h-[60vh] overflow-y-auto">
              <Command.Empty className="px-3 py-2 text-sm text-slate-700">{searching ? null : t["palette.empty"]}</Command.Empty>
              {found.length > 0 ? (
                <Command.Group heading={t["palette.group.transactions"]} className={groupLook}>
                  {found.map((transaction) => (
                    <Command.Item
                      key={transaction.id}
                      value={`transaction ${transaction.id}`}
                      onSelect={() => go(`/transactions/${transaction.id}`)}
                      className={itemLook}
                      data-testid="command-palette-transaction"
                    >
                      <span className="min-w-0">
                        <span className="block font-medium">
                          {t[`ledger.kind.${transaction.kind}`]} · {formatBRL(transaction.amountCents)}
                          {transaction.status ? ` · ${t[`status.${transaction.status}`]}` : ""}
                        </span>
                        <span className="block truncate text-slate-700">
                          {[transaction.party, transaction.reference, formatDateTime(locale, transaction.createdAt)]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </span>
                      <span className="shrink-0 font-mono text-xs text-slate-700">{transaction.id.slice(0, 8)}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {shownActions.length > 0 ? (
                <Command.Group heading={t["palette.group.actions"]} className={groupLook}>
                  {shownActions.map((entry) => (
                    <Command.Item key={entry.href} value={`action ${entry.href}`} onSelect={() => go(entry.href)} className={itemLook}>
                      {entry.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {shownPages.length > 0 ? (
                <Command.Group heading={t["palette.group.pages"]} className={groupLook}>
                  {shownPages.map((entry) => (
                    <Command.Item key={entry.href} value={`page ${entry.href}`} onSelect={() => go(entry.href)} className={itemLook}>
                      {entry.label}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
          <div className="mt-2 flex justify-end">
            <Dialog.Close className="rounded-md border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100">
              {t["ui.close"]}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
