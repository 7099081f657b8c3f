"use client";
// The paired counter display (kiosk): follows its counter over server-sent events, falls back to
// polling while the stream is down, and shows idle, the charge (QR code, amount, Pix Copia e Cola,
// countdown), or a full-screen "Pago" with a short sound, then idle again. While disconnected it
// says "reconnecting" instead of a "waiting for payment" that could be stale.
import { useEffect, useRef, useState } from "react";
import { useLiveState } from "@/components/live/use-live-state";
import { formatBRL } from "@/lib/format";
import type { DisplayStrings } from "@/components/display/display-strings";
import { PixMark } from "@/components/brand/pix-mark";
import { CopyButton } from "@/components/ui/copy-button";
import { QrCode } from "@/components/ui/qr-code";
import type { DisplayCharge, DisplayState } from "@/lib/displays/display-state";

const finalStateShownMs = 6_000;
const pollEveryMs = 2_000;
const mutedKey = "counter-display-muted";

/** renderedAt: the server's clock when it rendered the page (ms), the first render's "now". */
type Props = { initial: DisplayState; s: DisplayStrings; renderedAt: number };

export function DisplayScreen({ initial, s, renderedAt }: Props) {
  // The first render uses the server's clock, so the browser's hydration draws the same countdown
  // the server's HTML has: a different second is a hydration mismatch, on which React discards the
  // server's HTML and draws the page again once its script has run (the largest paint then waits on
  // it, issue #54). The clock moves to the browser's own just after, in the effect below.
  const [now, setNow] = useState(renderedAt);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  // When this screen first saw the current charge in a final state (for the return to idle).
  const finalSeenAt = useRef<{ id: string; at: number } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  // The live feed, with polling whenever it is down (components/live/use-live-state.ts).
  const { state, connected } = useLiveState<DisplayState>({
    stateUrl: "/api/display/state",
    eventsUrl: "/api/display/events",
    initial,
    // Signed out (revoked, or never paired) comes as a 401 that still carries the state.
    acceptsStatus: (status) => status === 401,
    nextPollDelay: () => pollEveryMs,
  });
  useEffect(() => {
    // Revoked: forget the cookie and show the pairing form.
    if (state.signedOut) void fetch("/api/display/sign-out", { method: "POST" }).finally(() => window.location.reload());
  }, [state.signedOut]);

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    setMuted(localStorage.getItem(mutedKey) === "1");
    // The chime is fetched once the screen is up, not by the HTML: before, it was one more request
    // ahead of the first paint (issue #54); a charge is paid seconds later at the earliest.
    if (audio.current) audio.current.preload = "auto";
    return () => clearInterval(timer);
  }, []);

  // Kiosk: keep the screen awake (re-asked when the page becomes visible again).
  useEffect(() => {
    let lock: { release: () => Promise<void> } | null = null;
    const request = async () => {
      try {
        lock =
          (await (
            navigator as Navigator & { wakeLock?: { request: (type: "screen") => Promise<{ release: () => Promise<void> }> } }
          ).wakeLock?.request("screen")) ?? null;
      } catch {
        // Not allowed (no user gesture yet, or battery saver): the screen may dim.
      }
    };
    const onVisible = () => document.visibilityState === "visible" && void request();
    void request();
    document.addEventListener("visibilitychange", onVisible);
    const onFullscreen = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onFullscreen);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      document.removeEventListener("fullscreenchange", onFullscreen);
      void lock?.release().catch(() => {});
    };
  }, []);

  const charge = state.signedOut ? null : state.charge;
  const shown = visibleState(charge, now);
  if (charge && shown && shown !== "PENDING") {
    if (finalSeenAt.current?.id !== charge.transactionId) finalSeenAt.current = { id: charge.transactionId, at: now };
  }
  const finalExpired = charge && finalSeenAt.current?.id === charge.transactionId && now - finalSeenAt.current.at > finalStateShownMs;
  const screen = !charge || finalExpired ? "IDLE" : shown;

  // The sound, once per paid charge.
  const chimedFor = useRef<string | null>(null);
  useEffect(() => {
    if (screen !== "SUCCEED" || !charge || chimedFor.current === charge.transactionId) return;
    chimedFor.current = charge.transactionId;
    if (!muted) void audio.current?.play().catch(() => {});
  }, [screen, charge, muted]);

  if (state.signedOut) return <p className="p-10 text-center text-2xl">{s["display.signedOut"]}</p>;

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900" data-display-state={screen}>
      {/* biome-ignore lint/a11y/useMediaCaption: a short chime with no words; "Pago" is shown on screen at the same time */}
      <audio ref={audio} src="/sounds/paid.wav" preload="none" />
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2 text-sm">
        <p className="font-semibold">
          {state.merchantName} · {state.counterName}
        </p>
        <div className="flex items-center gap-2">
          {!connected ? (
            <p role="status" className="rounded bg-amber-200 px-2 py-1 font-semibold text-amber-950">
              {s["display.reconnecting"]}
            </p>
          ) : null}
          <button
            type="button"
            aria-pressed={muted}
            className="rounded border border-slate-400 px-2 py-1"
            onClick={() => {
              localStorage.setItem(mutedKey, muted ? "0" : "1");
              setMuted(!muted);
            }}
          >
            {muted ? s["display.unmute"] : s["display.mute"]}
          </button>
          {!fullscreen ? (
            <button
              type="button"
              className="rounded border border-slate-400 px-2 py-1"
              onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}
            >
              {s["display.fullscreen"]}
            </button>
          ) : null}
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        {screen === "IDLE" ? (
          <div className="flex flex-1 flex-col items-center justify-center p-6 text-center">
            <h1 className="text-4xl font-bold">{state.merchantName}</h1>
            <p className="mt-4 text-2xl text-slate-700">{s["display.idle"]}</p>
          </div>
        ) : screen === "SUCCEED" ? (
          <div className="flex flex-1 flex-col items-center justify-center bg-emerald-700 p-6 text-center text-white" role="status">
            <h1 className="text-[min(25vw,12rem)] leading-none font-extrabold">{s["display.paid"]}</h1>
            <p className="mt-4 text-4xl font-semibold">{formatBRL(charge!.amountCents)}</p>
            <p className="mt-2 text-3xl">{s["display.paidBody"]}</p>
          </div>
        ) : screen === "PENDING" ? (
          <ChargeView charge={charge!} merchant={state.merchantName} connected={connected} now={now} s={s} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center bg-slate-200 p-6 text-center" role="status">
            <h1 className="text-7xl font-bold">{screen === "EXPIRED" ? s["display.expired"] : s["display.canceled"]}</h1>
            <p className="mt-4 text-2xl">{s["display.closedBody"]}</p>
          </div>
        )}
      </main>
    </div>
  );
}

/** The charge's state as this screen should show it: a pending charge past its expiry is expired. */
function visibleState(charge: DisplayCharge | null, now: number): DisplayCharge["state"] | null {
  if (!charge) return null;
  if (charge.state === "PENDING" && charge.expiresAt && Date.parse(charge.expiresAt) <= now) return "EXPIRED";
  return charge.state === "FAILED" ? "CANCELED" : charge.state;
}

function ChargeView({
  charge,
  merchant,
  connected,
  now,
  s,
}: {
  charge: DisplayCharge;
  merchant: string;
  connected: boolean;
  now: number;
  s: DisplayStrings;
}) {
  const amount = formatBRL(charge.amountCents);
  const remaining = charge.expiresAt ? Math.max(0, Date.parse(charge.expiresAt) - now) : null;
  return (
    <div className="grid flex-1 items-center gap-4 p-4 landscape:grid-cols-[auto_1fr] portrait:grid-rows-[auto_1fr]">
      <QrCode
        svg={charge.qrSvg}
        label={s["display.qrAlt"].replace("{amount}", amount)}
        className="mx-auto w-[min(88vw,62vh)] landscape:w-[min(48vw,82vh)]"
      />
      <div className="min-w-0 space-y-4 text-center">
        <PixMark size={40} className="justify-center" />
        <h1 className="text-2xl text-slate-700">{s["display.payTo"].replace("{merchant}", merchant)}</h1>
        <p className="text-[min(14vw,7rem)] leading-none font-extrabold tabular-nums" data-testid="display-amount">
          {amount}
        </p>
        <p className="text-xl">{s["display.scan"]}</p>
        {remaining !== null ? (
          <p className="text-xl">
            {s["display.timeLeft"]}:{" "}
            <span role="timer" className="font-mono font-bold tabular-nums">
              {String(Math.floor(remaining / 60_000)).padStart(2, "0")}:{String(Math.floor((remaining % 60_000) / 1000)).padStart(2, "0")}
            </span>
          </p>
        ) : null}
        <p className="text-2xl font-semibold" aria-live="polite">
          {connected ? s["display.waiting"] : s["display.reconnecting"]}
        </p>
        <details className="mx-auto max-w-xl text-left">
          <summary className="cursor-pointer text-center text-lg font-medium">{s["display.code"]}</summary>
          <label htmlFor="display-code" className="sr-only">
            {s["display.code"]}
          </label>
          <textarea
            id="display-code"
            readOnly
            rows={3}
            value={charge.codeCopyPaste}
            className="mt-2 block w-full rounded border border-slate-400 bg-slate-50 p-2 font-mono text-xs break-all"
          />
          <div className="mt-2 text-center">
            <CopyButton
              text={charge.codeCopyPaste}
              label={s["display.copy"]}
              copiedMessage={s["display.copied"]}
              failedMessage={s["display.copyFailed"]}
            />
          </div>
        </details>
      </div>
    </div>
  );
}
