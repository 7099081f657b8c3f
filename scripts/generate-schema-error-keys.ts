// Writes lib/i18n/schema-error-keys.ts: the `errors.*` messages each schema the browser validates with
// can produce (scripts/support/schema-message-keys.ts). Run after changing a form's schema; the
// test lib/i18n/schema-error-keys.test.ts says when it is due.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { dictionaries } from "@/lib/i18n/messages";
import { schemaMessagesModule } from "./support/schema-message-keys";

const file = path.resolve(import.meta.dirname, "../lib/i18n/schema-error-keys.ts");
writeFileSync(file, schemaMessagesModule(Object.keys(dictionaries.en).filter((key) => key.startsWith("errors."))));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
