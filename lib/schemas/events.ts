// Inputs of the event endpoint actions (settings → Events), parsed on the server.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { eventDeliveryStatuses, eventTypes } from "@/lib/vocabulary/event-types";

export const eventEndpointErrors = {
  url: msg("errors.events.url"),
  eventTypes: msg("errors.events.eventTypes"),
  range: msg("errors.events.range"),
} as const;

export const createEventEndpointSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: eventEndpointErrors.url }).check(z.maxLength(2_000, { error: eventEndpointErrors.url })),
  description: z._default(z.string().check(z.trim(), z.maxLength(200)), ""),
  eventTypes: z.array(z.enum(eventTypes)).check(z.minLength(1, { error: eventEndpointErrors.eventTypes })),
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
    .check(z.refine((value) => value.from < value.to, { error: eventEndpointErrors.range, path: ["to"] })),
]);

export const deliveryLogFiltersSchema = z.object({
  status: z.catch(z.optional(z.enum(eventDeliveryStatuses)), undefined),
  type: z.catch(z.optional(z.string().check(z.maxLength(60))), undefined),
});
