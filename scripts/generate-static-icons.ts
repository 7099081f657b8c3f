// Writes components/ui/static-icons.css from the icon data in components/ui/static-icon.tsx
// (`npm run generate:static-icons`); components/ui/static-icon.test.ts fails when they differ.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { staticIconsCss } from "@/components/ui/static-icon";

const target = path.resolve(import.meta.dirname, "../components/ui/static-icons.css");
writeFileSync(target, staticIconsCss());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
