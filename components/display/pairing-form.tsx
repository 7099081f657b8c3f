"use client";
// The unpaired display: type the one-time code an admin shows on the Counters page.
import { useState } from "react";
import type { DisplayStrings } from "@/components/display/display-strings";

export function PairingForm({ s }: { s: DisplayStrings }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mx-auto mt-16 w-full max-w-md space-y-5 px-6"
      aria-labelledby="pair-heading"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        const code = String(new FormData(event.currentTarget).get("code") ?? "");
        try {
          const response = await fetch("/api/display/pair", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ code }),
          });
          if (response.ok) return window.location.reload();
          setError(response.status === 429 ? s["display.pairRateLimited"] : s["display.pairFailed"]);
        } catch {
          setError(s["display.reconnecting"]);
        }
        setBusy(false);
      }}
    >
      <h1 id="pair-heading" className="text-3xl font-bold">
        {s["display.pairTitle"]}
      </h1>
      <p className="text-lg text-slate-700">{s["display.pairIntro"]}</p>
      <div>
        <label htmlFor="pairing-code" className="block font-medium">
          {s["display.pairCode"]}
        </label>
        <input
          id="pairing-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "pairing-error" : undefined}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-3 font-mono text-3xl tracking-widest uppercase"
        />
        {error ? (
          <p id="pairing-error" role="alert" className="mt-2 text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-700 px-4 py-3 text-lg font-semibold text-white disabled:bg-slate-400"
      >
        {busy ? s["display.pairing"] : s["display.pairSubmit"]}
      </button>
    </form>
  );
}
