"use client";
// The Transactions list's "Views" control: the built-in views and the operator's own, each a plain
// link to the list's query string (so a view opens the same anywhere in the dashboard), and saving
// the current filters, order and columns by name; the owner renames or deletes their own. The list
// is query data (seeded by the page); each action invalidates its key.
import { Bookmark } from "lucide-react";
import { Link } from "@/components/ui/link";
import { MenuDisclosure } from "@/components/ui/menu-disclosure";
import { type FormEvent, useId, useState } from "react";
import { useActionQuery } from "@/components/data/use-action-query";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { ledgerSavedViewsKey } from "@/components/transactions/ledger-query-keys";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { TextField } from "@/components/ui/text-field";
import { deleteSavedViewAction } from "@/lib/actions/delete-saved-view-action";
import { listLedgerViewsAction } from "@/lib/actions/list-ledger-views-action";
import { renameSavedViewAction } from "@/lib/actions/rename-saved-view-action";
import { saveLedgerViewAction } from "@/lib/actions/save-ledger-view-action";
import type { ClientMessages } from "@/lib/i18n/client-messages";
import { fill } from "@/lib/i18n/fill";
import { maxSavedViewNameLength, type SavedViewEntry } from "@/lib/vocabulary/saved-views";

export type BuiltInViewLink = { id: string; label: string; query: string };

const hrefOf = (query: string) => `/transactions${query ? `?${query}` : ""}`;
const linkLook = "font-medium text-brand-700 underline underline-offset-2";

function RenameForm({ view, t, onDone }: { view: SavedViewEntry; t: ClientMessages<"ledgerViews">; onDone: (message?: string) => void }) {
  const id = useId();
  const [name, setName] = useState(view.name);
  const { send, pending, message, fieldErrors } = useActionMutation({ t, stepUp: false });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await send(() => renameSavedViewAction({ id: view.id, name }), {
      invalidates: [ledgerSavedViewsKey],
      unreachable: t["views.unreachable"],
    });
    if (result?.ok) onDone(fill(t["views.renamed"], { name: result.data.name }));
  }
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <TextField
        id={`${id}-name`}
        label={fill(t["views.newName"], { name: view.name })}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={maxSavedViewNameLength}
        error={fieldErrors.name?.[0] ?? (message?.kind === "error" ? message.text : undefined)}
        autoComplete="off"
        autoFocus
        className="min-w-[12rem] flex-1"
      />
      <Button type="submit" size="sm" disabled={pending}>
        {t["views.saveName.submit"]}
      </Button>
      <Button type="button" size="sm" variant="secondary" onClick={() => onDone()}>
        {t["views.cancel"]}
      </Button>
    </form>
  );
}

function SavedViewItem({
  view,
  current,
  t,
  onMessage,
}: {
  view: SavedViewEntry;
  current: boolean;
  t: ClientMessages<"ledgerViews">;
  onMessage: (message: { kind: "error" | "success"; text: string }) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const { send, pending } = useActionMutation({ t, stepUp: false });
  async function remove() {
    const result = await send(() => deleteSavedViewAction({ id: view.id }), { invalidates: [ledgerSavedViewsKey] }).catch(() => undefined);
    if (!result) onMessage({ kind: "error", text: t["views.unreachable"] });
    else if (result.ok) onMessage({ kind: "success", text: fill(t["views.deleted"], { name: view.name }) });
    else onMessage({ kind: "error", text: result.message });
  }
  return (
    <li className="border-t border-slate-200 py-2 first:border-t-0" data-testid="saved-view">
      <div className="flex flex-wrap items-center gap-2">
        {view.query === null ? (
          <span className="font-medium" translate="no">
            {view.name}
          </span>
        ) : (
          <Link href={hrefOf(view.query)} className={linkLook} aria-current={current ? "page" : undefined} translate="no">
            {view.name}
          </Link>
        )}
        <span className="ml-auto flex gap-1">
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={fill(t["views.renameView"], { name: view.name })}
            aria-expanded={renaming}
            onClick={() => setRenaming((open) => !open)}
          >
            {t["views.rename"]}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={fill(t["views.deleteView"], { name: view.name })}
            disabled={pending}
            onClick={remove}
          >
            {t["views.delete"]}
          </Button>
        </span>
      </div>
      {view.query === null ? <p className="mt-1 text-sm text-amber-900">{t["views.outdated"]}</p> : null}
      {renaming ? (
        <RenameForm
          view={view}
          t={t}
          onDone={(text) => {
            setRenaming(false);
            if (text) onMessage({ kind: "success", text });
          }}
        />
      ) : null}
    </li>
  );
}

export function LedgerViewsMenu({
  builtIn,
  initialViews,
  currentQuery,
  t,
}: {
  builtIn: BuiltInViewLink[];
  initialViews: SavedViewEntry[];
  /** The page's own query string as the list's parser writes it (no "?"), to mark the current view. */
  currentQuery: string;
  t: ClientMessages<"ledgerViews">;
}) {
  const id = useId();
  const { data: views = initialViews } = useActionQuery(ledgerSavedViewsKey, () => listLedgerViewsAction({}), {
    initialData: initialViews,
  });
  const [name, setName] = useState("");
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string }>();
  const { send, pending, message, fieldErrors } = useActionMutation({ t, stepUp: false });

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    // The address as it is, invalid fields included: the action refuses those with a message
    // rather than saving a view that differs from what the page was asked for.
    const query = window.location.search;
    const result = await send(() => saveLedgerViewAction({ name, query }), {
      invalidates: [ledgerSavedViewsKey],
      unreachable: t["views.unreachable"],
    });
    if (result?.ok) {
      setName("");
      setNotice({ kind: "success", text: fill(t["views.saved"], { name: result.data.name }) });
    }
  }

  const nameError = fieldErrors.name?.[0];
  // The query's own refusal (an invalid filter on the page), or the action's error when no field has it.
  const formError = fieldErrors.query?.[0] ?? (!nameError && message?.kind === "error" ? message.text : undefined);
  return (
    <MenuDisclosure
      icon={<Bookmark aria-hidden="true" className="h-4 w-4" />}
      label={t["views.button"]}
      panelClassName="w-[min(28rem,calc(100vw-2rem))] space-y-4"
      testId="ledger-views"
    >
      <section aria-labelledby={`${id}-built-in`}>
        <h2 id={`${id}-built-in`} className="text-sm font-semibold text-slate-800">
          {t["views.builtIn"]}
        </h2>
        <ul className="mt-1 space-y-1">
          {builtIn.map((view) => (
            <li key={view.id}>
              <Link href={hrefOf(view.query)} className={linkLook} aria-current={view.query === currentQuery ? "page" : undefined}>
                {view.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-mine`}>
        <h2 id={`${id}-mine`} className="text-sm font-semibold text-slate-800">
          {t["views.mine"]}
        </h2>
        {views.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t["views.none"]}</p>
        ) : (
          <ul className="mt-1">
            {views.map((view) => (
              <SavedViewItem key={view.id} view={view} current={view.query === currentQuery} t={t} onMessage={setNotice} />
            ))}
          </ul>
        )}
      </section>
      <form onSubmit={save} className="space-y-2 border-t border-slate-200 pt-3">
        <TextField
          id={`${id}-save-name`}
          label={t["views.saveName"]}
          hint={t["views.saveHint"]}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={maxSavedViewNameLength}
          error={nameError}
          autoComplete="off"
        />
        <Button type="submit" size="sm" disabled={pending}>
          {t["views.save"]}
        </Button>
        {formError ? (
          <p role="alert" className="text-sm text-red-800">
            {formError}
          </p>
        ) : null}
      </form>
      <InlineStatus message={notice} />
    </MenuDisclosure>
  );
}
