"use client";
// Bulk replay for one endpoint: all failures or a time range. The count comes first; starting asks
// for a step-up; then its progress is polled until it ends, with a cancel.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useStepUpAction } from "@/components/auth/use-step-up-action";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { TextField } from "@/components/ui/text-field";
import { cancelEventReplayAction } from "@/lib/actions/cancel-event-replay-action";
import { eventReplayProgressAction } from "@/lib/actions/event-replay-progress-action";
import { planEventReplayAction } from "@/lib/actions/plan-event-replay-action";
import { startEventReplayAction } from "@/lib/actions/start-event-replay-action";
import { fill } from "@/lib/i18n/fill";
import type { ClientMessages } from "@/lib/i18n/client-messages";

type Progress = { state: string; planned: number; delivered: number; failed: number; pending: number };

export function EventReplayPanel({ endpointId, t }: { endpointId: string; t: ClientMessages<"eventsUi"> }) {
  const router = useRouter();
  const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
  const [kind, setKind] = useState<"failures" | "range">("failures");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [planned, setPlanned] = useState<number>();
  const [replayId, setReplayId] = useState<string>();
  const [progress, setProgress] = useState<Progress>();

  const plan = () => {
    if (kind === "failures") return { endpointId, kind };
    // datetime-local is the browser's local time; Date reads it as such.
    return { endpointId, kind, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  };

  useEffect(() => {
    if (!replayId) return;
    let stopped = false;
    const poll = async () => {
      const result = await eventReplayProgressAction({ endpointId, replayId });
      if (stopped || !result.ok) return;
      setProgress(result.data);
      if (result.data.state === "running") setTimeout(poll, 1_000);
      else router.refresh();
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [replayId, endpointId, router]);

  return (
    <div className="space-y-3">
      {message?.text ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {stepUpDialog}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t["events.replay.title"]}</legend>
        {(["failures", "range"] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="replay-kind"
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setPlanned(undefined);
              }}
            />
            {t[`events.replay.${option}`]}
          </label>
        ))}
      </fieldset>
      {kind === "range" ? (
        <div className="flex flex-wrap gap-3">
          <TextField
            id="replay-from"
            type="datetime-local"
            label={t["events.replay.from"]}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            id="replay-to"
            type="datetime-local"
            label={t["events.replay.to"]}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={fieldErrors.to?.[0]}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={pending || (kind === "range" && (!from || !to))}
          onClick={() =>
            run(() => planEventReplayAction(plan()), {
              success: "",
              onSuccess: (data) => setPlanned(data.planned),
            })
          }
        >
          {t["events.replay.count"]}
        </Button>
        {planned !== undefined ? (
          <>
            <span role="status" className="text-sm" data-testid="replay-planned">
              {fill(t["events.replay.planned"], { count: planned })}
            </span>
            <Button
              type="button"
              disabled={pending || planned === 0}
              onClick={() =>
                run(() => startEventReplayAction(plan()), {
                  success: "",
                  onSuccess: (data) => {
                    setPlanned(undefined);
                    setReplayId(data.replayId);
                  },
                })
              }
            >
              {fill(t["events.replay.start"], { count: planned })}
            </Button>
          </>
        ) : null}
      </div>
      {progress && replayId ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm" data-testid="replay-progress">
            {progress.state === "running"
              ? fill(t["events.replay.progress"], { ...progress })
              : progress.state === "finished"
                ? t["events.replay.finished"]
                : fill(t["events.replay.canceled"], { count: progress.planned - progress.delivered - progress.failed })}
          </p>
          {progress.state === "running" ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => run(() => cancelEventReplayAction({ endpointId, replayId }), { success: "" })}
            >
              {t["events.replay.cancel"]}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
