// A server-sent-events response that sends a page's state when it opens and again whenever a live
// event might have changed it (only when it really did), with a heartbeat so proxies and the
// browser notice a dead connection. The browser's EventSource reconnects by itself.
import "server-only";
import type { Database } from "@/lib/db/client";
import { subscribeLiveEvents, type LiveEvent } from "@/lib/live/live-events";
import { logger } from "@/lib/logger";
import { trackLiveStream } from "@/lib/observability/lifecycle";

type StreamOptions<State> = {
  request: Request;
  db: Database;
  read: () => Promise<State>;
  /** Whether this event can change the state last sent (a "resync" always does). */
  concerns: (event: LiveEvent, lastState: State) => boolean;
  /** Re-read on a timer too (expiry, return to idle), every this many ms for the state last sent. */
  recheckEveryMs: (lastState: State) => number;
  /** When true for a state, it is sent and the stream ends (signed out, final status). */
  isLast?: (state: State) => boolean;
};

const heartbeatMs = 15_000;

/**
 * The reconnect delay a stream closed by a shutdown asks for: 1–3 s, spread at random so a
 * restarting instance's displays do not all reconnect to the others in the same instant.
 */
function shutdownRetryMs(): number {
  return 1_000 + Math.floor(Math.random() * 2_000);
}

export function liveStateStream<State>({ request, db, read, concerns, recheckEveryMs, isLast }: StreamOptions<State>): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let lastJson = "";
      let lastState: State;
      let recheckTimer: ReturnType<typeof setTimeout> | undefined;
      let reading: Promise<void> = Promise.resolve();

      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      // Reads are chained so two events never send their states out of order.
      const refresh = () => {
        reading = reading.then(async () => {
          if (closed) return;
          clearTimeout(recheckTimer);
          try {
            lastState = await read();
          } catch (error) {
            logger.warn({ err: error }, "live stream: could not read the state; the client will reconnect");
            close();
            return;
          }
          const json = JSON.stringify(lastState);
          if (json !== lastJson) {
            lastJson = json;
            write(`data: ${json}\n\n`);
          }
          if (isLast?.(lastState)) return close();
          recheckTimer = setTimeout(refresh, recheckEveryMs(lastState));
        });
      };

      const unsubscribe = await subscribeLiveEvents(db, (event) => {
        if (event.kind === "resync" || (lastJson && concerns(event, lastState))) refresh();
      });
      const heartbeat = setInterval(() => write(`: heartbeat\n\n`), heartbeatMs);
      // A shutdown ends the stream with a reconnect hint: the browser's EventSource (and the
      // display's own reopen) then reaches another instance, or this one once restarted.
      const untrack = trackLiveStream(() => {
        write(`: server shutting down\nretry: ${shutdownRetryMs()}\n\n`);
        close();
      });
      cleanup = () => {
        untrack();
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(recheckTimer);
      };
      request.signal.addEventListener("abort", close);
      // Tells the browser how soon to reconnect after the stream drops (server restart).
      write(`retry: 1000\n\n`);
      refresh();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
