"use client";
// Bulk replay for one endpoint: all failures or a time range. The count comes first; starting asks
// for a step-up; then its progress is query data, polled every second until it ends, with a
// cancel (which makes it stale at once). The delivery log follows its own query meanwhile.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useActionQuery } from "@/components/data/use-action-query";
import { eventDeliveriesKey } from "@/components/events/event-query-keys";
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
  const queryClient = useQueryClient();
  const { run, message, fieldErrors, pending, stepUpDialog } = useStepUpAction(t);
  const [kind, setKind] = useState<"failures" | "range">("failures");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [planned, setPlanned] = useState<number>();
  const [replayId, setReplayId] = useState<string>();

  const plan = () => {
    if (kind === "failures") return { endpointId, kind };
    // datetime-local is the browser's local time; Date reads it as such.
    return { endpointId, kind, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  };

  const progressKey = ["events", endpointId, "replay", replayId ?? ""] as const;
  const { data: progress } = useActionQuery<Progress>(
    progressKey,
    () => eventReplayProgressAction({ endpointId, replayId: replayId ?? "" }),
    {
      enabled: replayId !== undefined,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.state === "running" || !query.state.data ? 1_000 : false),
    },
  );
  const state = progress?.state;
  useEffect(() => {
    // Once it ends, the endpoint's page (and its delivery log) shows what the replay did.
    if (state && state !== "running") void queryClient.invalidateQueries({ queryKey: eventDeliveriesKey(endpointId) });
  }, [state, endpointId, queryClient]);

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
              onClick={() => run(() => cancelEventReplayAction({ endpointId, replayId }), { success: "", invalidates: [progressKey] })}
            >
              {t["events.replay.cancel"]}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
