// This process's lifecycle state as the health probes and live streams see it: accepting work, or
// draining for a shutdown (lib/observability/shutdown.ts). Kept on globalThis so every bundle of
// server code (instrumentation, route handlers) shares it.
type Lifecycle = { draining: boolean; liveStreamsClosed: boolean; liveStreams: Set<() => void> };

const globalForLifecycle = globalThis as unknown as { walletDashboardLifecycle?: Lifecycle };
globalForLifecycle.walletDashboardLifecycle ??= { draining: false, liveStreamsClosed: false, liveStreams: new Set() };
const lifecycle = globalForLifecycle.walletDashboardLifecycle;

/** True once a shutdown has begun: readiness answers 503 so the load balancer stops sending work. */
export function isDraining(): boolean {
  return lifecycle.draining;
}

export function startDraining(): void {
  lifecycle.draining = true;
}

/**
 * Registers an open live stream's "close with a reconnect hint" function; returns the unregister
 * function. The shutdown closes every registered stream once the listener stops accepting.
 */
export function trackLiveStream(closeForShutdown: () => void): () => void {
  if (lifecycle.liveStreamsClosed) {
    // Opened on a kept-alive connection after the shutdown closed the others: closed at once too
    // (after the caller has finished setting the stream up).
    queueMicrotask(closeForShutdown);
    return () => {};
  }
  lifecycle.liveStreams.add(closeForShutdown);
  return () => lifecycle.liveStreams.delete(closeForShutdown);
}

export function openLiveStreamCount(): number {
  return lifecycle.liveStreams.size;
}

/** Closes every open live stream (each writes its retry hint first); returns how many there were. */
export function closeLiveStreams(): number {
  lifecycle.liveStreamsClosed = true;
  const closing = [...lifecycle.liveStreams];
  for (const close of closing) close();
  return closing.length;
}

/** Tests only: back to "accepting work". */
export function resetLifecycleForTests(): void {
  lifecycle.draining = false;
  lifecycle.liveStreamsClosed = false;
  lifecycle.liveStreams.clear();
}
