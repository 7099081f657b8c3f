"use client";
// Copies text to the clipboard and says so (politely announced to screen readers).
import { useState } from "react";

export function CopyButton({
  text,
  label,
  copiedMessage,
  failedMessage,
  className = "",
}: {
  text: string;
  label: string;
  copiedMessage: string;
  failedMessage: string;
  className?: string;
}) {
  const [message, setMessage] = useState("");
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 ${className}`}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setMessage(copiedMessage);
          } catch {
            setMessage(failedMessage);
          }
        }}
      >
        {label}
      </button>
      <span role="status" className="text-sm text-emerald-800">
        {message}
      </span>
    </span>
  );
}
