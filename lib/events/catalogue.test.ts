// The published JSON schemas (docs/events/) are the zod catalogue's, and every event type has one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventDataSchemas, eventDescriptions } from "@/lib/events/catalogue";
import { eventJsonSchemaFiles } from "@/lib/events/json-schemas";
import { eventTypes } from "@/lib/vocabulary/event-types";

const folder = path.resolve(import.meta.dirname, "../../docs/events");

describe("event catalogue", () => {
  it("has a data schema and a description for every event type", () => {
    expect(Object.keys(eventDataSchemas).sort()).toEqual([...eventTypes].sort());
    expect(Object.keys(eventDescriptions).sort()).toEqual([...eventTypes].sort());
  });

  it("matches docs/events/*.schema.json (regenerate with: npx tsx scripts/generate-event-schemas.ts && npx biome format --write docs/events)", () => {
    const expected = eventJsonSchemaFiles();
    const onDisk = readdirSync(folder).filter((name) => name.endsWith(".schema.json"));
    expect(onDisk.sort()).toEqual(Object.keys(expected).sort());
    // Compared as JSON: the files are kept in biome's formatting.
    for (const [name, text] of Object.entries(expected))
      expect(JSON.parse(readFileSync(path.join(folder, name), "utf8")), name).toEqual(JSON.parse(text));
  });
});
