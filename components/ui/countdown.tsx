"use client";
// Time left until a server-given instant, updated every second. The server's time is the
// reference: the browser's clock only measures the time elapsed since the page was rendered.
import { useEffect, useState } from "react";

function format(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

export function Countdown({ remainingMsAtRender, expiredLabel }: { remainingMsAtRender: number; expiredLabel: string }) {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = remainingMsAtRender - (now - startedAt);
  return (
    <span role="timer" className="font-mono tabular-nums">
      {remaining > 0 ? format(remaining) : expiredLabel}
    </span>
  );
}
