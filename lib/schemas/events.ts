// Inputs of the event endpoint actions (settings → Events), parsed on the server.
import { z } from "zod";
import { msg } from "@/lib/i18n/message";
import { eventDeliveryStatuses, eventTypes } from "@/lib/vocabulary/event-types";

export const eventEndpointErrors = {
  url: msg("errors.events.url"),
  eventTypes: msg("errors.events.eventTypes"),
  range: msg("errors.events.range"),
} as const;

export const createEventEndpointSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: eventEndpointErrors.url }).max(2_000, { error: eventEndpointErrors.url }),
  description: z.string().trim().max(200).default(""),
  eventTypes: z.array(z.enum(eventTypes)).min(1, { error: eventEndpointErrors.eventTypes }),
});

export const endpointIdSchema = z.object({ endpointId: z.uuid() });
export const setEndpointEnabledSchema = z.object({ endpointId: z.uuid(), enabled: z.boolean() });
export const resendDeliverySchema = z.object({ endpointId: z.uuid(), deliveryId: z.uuid() });
export const replayIdSchema = z.object({ endpointId: z.uuid(), replayId: z.uuid() });

/** A replay: all failures, or the events of a range (datetime-local values, read as UTC offsets given by the browser). */
export const eventReplaySchema = z.discriminatedUnion("kind", [
  z.object({ endpointId: z.uuid(), kind: z.literal("failures") }),
  z
    .object({ endpointId: z.uuid(), kind: z.literal("range"), from: z.coerce.date(), to: z.coerce.date() })
    .refine((value) => value.from < value.to, { error: eventEndpointErrors.range, path: ["to"] }),
]);

export const deliveryLogFiltersSchema = z.object({
  status: z.enum(eventDeliveryStatuses).optional().catch(undefined),
  type: z.string().max(60).optional().catch(undefined),
});
