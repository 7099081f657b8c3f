// Writes docs/events/*.schema.json from lib/events/catalogue.ts (lib/events/catalogue.test.ts fails
// when they differ):  npx tsx scripts/generate-event-schemas.ts && npx biome format --write docs/events
import { writeFileSync } from "node:fs";
import path from "node:path";
import { eventJsonSchemaFiles } from "@/lib/events/json-schemas";

const folder = path.resolve(import.meta.dirname, "../docs/events");
for (const [name, text] of Object.entries(eventJsonSchemaFiles())) writeFileSync(path.join(folder, name), text);
console.log(`Wrote ${Object.keys(eventJsonSchemaFiles()).length} schemas to docs/events/`);
