// Traces (OpenTelemetry), exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, and off
// otherwise: the SDK is not even loaded, and every span below is the API's no-op (no cost).
// Started from lib/server/start.ts before the runtime opens the database. Next itself then records a
// span for each request and render through the same global provider; this module adds the spans of
// our own work (a server action, a wallet call with its `traceparent`, a callback's application, an
// event's delivery) and the trace id that the logger stamps on each line (lib/logger.ts).
// Span attributes carry ids and codes, never personal data, tokens or URLs with secrets.
import { type Attributes, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

const tracerName = "wallet-dashboard";

type TracingState = { shutdown?: () => Promise<void> };
const globalForTracing = globalThis as unknown as { walletDashboardTracing?: TracingState };
globalForTracing.walletDashboardTracing ??= {};
const state = globalForTracing.walletDashboardTracing;

export type TracingSettings = { endpoint: string | undefined; serviceName: string; headers?: Record<string, string> };

/**
 * Registers the global tracer provider with a batching OTLP/HTTP exporter, the AsyncLocalStorage
 * context manager and the W3C trace-context propagator. Does nothing without an endpoint. Returns
 * whether tracing is on.
 */
export async function startTracing(settings: TracingSettings): Promise<boolean> {
  if (!settings.endpoint || state.shutdown) return Boolean(state.shutdown);
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
  ]);
  const url = `${settings.endpoint.replace(/\/+$/, "")}/v1/traces`;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url, headers: settings.headers }), scheduledDelayMillis: 1000 }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  state.shutdown = async () => {
    await provider.forceFlush().catch(() => {});
    await provider.shutdown().catch(() => {});
  };
  return true;
}

/** Whether spans are exported (startTracing with an endpoint): hot paths skip even the no-op span without. */
export function tracingIsOn(): boolean {
  return Boolean(state.shutdown);
}

/** Sends the spans still buffered and stops the exporter (the graceful shutdown's last step). */
export async function stopTracing(): Promise<void> {
  const shutdown = state.shutdown;
  state.shutdown = undefined;
  await shutdown?.();
  trace.disable();
  propagation.disable();
  context.disable();
}

/** Runs `work` in a span of its own (a child of the current one); an error marks it and is rethrown. */
export async function inSpan<T>(
  name: string,
  options: { kind?: "internal" | "client" | "server"; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const kind = options.kind === "client" ? SpanKind.CLIENT : options.kind === "server" ? SpanKind.SERVER : SpanKind.INTERNAL;
  return trace.getTracer(tracerName).startActiveSpan(name, { kind, attributes: options.attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The current trace's headers (`traceparent`) to send with an outgoing request; empty when tracing is off. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The current trace id, for log lines (undefined outside a recorded span). */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && spanContext.traceFlags & 1 ? spanContext.traceId : undefined;
}
