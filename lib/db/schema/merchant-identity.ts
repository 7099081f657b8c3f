// The merchant's identity printed on receipts and statements and shown to payers (issue #51): legal
// name, CNPJ, address and logo, one row (id 1) an admin edits (audited). The logo is kept only as
// the PNG the dashboard drew from the upload (lib/merchant-identity/logo.ts): an uploaded SVG
// never leaves the server as SVG.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const merchantIdentity = pgTable("merchant_identity", {
  id: integer("id").primaryKey().default(1),
  legalName: text("legal_name").notNull(),
  /** Unformatted, upper case (the alphanumeric CNPJ of 2026 included): "12ABC34501DE35". */
  cnpj: text("cnpj").notNull(),
  /** Free text (street, number, city): never copied into the audit trail. */
  address: text("address").notNull().default(""),
  /** The normalised logo as base64 PNG (the same text on both drivers), null when none. */
  logoPngBase64: text("logo_png_base64"),
  logoWidth: integer("logo_width"),
  logoHeight: integer("logo_height"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedByEmail: text("updated_by_email").notNull(),
});
