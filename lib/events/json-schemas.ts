// The event catalogue as JSON Schema files (docs/events/), generated from the zod schemas in
// lib/events/catalogue.ts with zod 4's z.toJSONSchema: one source for the code and the docs.
import * as z from "@/lib/schemas/zod";
import { eventDataSchemas, eventEnvelopeSchema, eventSchemaVersion } from "@/lib/events/catalogue";
import { eventTypes } from "@/lib/vocabulary/event-types";

/** File name → JSON text, one per event type and version. */
export function eventJsonSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const type of eventTypes) {
    const schema = z.toJSONSchema(eventEnvelopeSchema(type, eventDataSchemas[type]), { target: "draft-2020-12" });
    const document = {
      $id: `https://wallet-dashboard.invalid/events/${type}.v${eventSchemaVersion}.schema.json`,
      title: type,
      ...schema,
    };
    files[`${type}.v${eventSchemaVersion}.schema.json`] = `${JSON.stringify(document, null, 2)}\n`;
  }
  return files;
}
