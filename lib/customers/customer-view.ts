// A customer as the directory and the customer's page show it: the document, e-mails and phones
// through the ledger's one masking (lib/vocabulary/personal-data-masks.ts), for every role. The
// directory is a list (docs/personal-data.md: lists are always masked); a person's data in full is
// what an access request (/personal-data, admin) exports.
import type { CustomerRecord } from "@/lib/db/schema/customers";
import { maskPersonalFields } from "@/lib/vocabulary/personal-data-masks";

export type CustomerView = Omit<CustomerRecord, "document"> & { maskedDocument: string };

/** The record with its personal contacts masked as a ledger row's are; names stay, as in the ledger. */
export function customerViewOf(record: CustomerRecord): CustomerView {
  const { document, ...rest } = record;
  return {
    ...rest,
    maskedDocument: maskPersonalFields({ payerDocument: document }).payerDocument ?? "",
    emails: record.emails.map((email) => maskPersonalFields({ payerEmail: email }).payerEmail ?? ""),
    phones: record.phones.map((phone) => maskPersonalFields({ payerPhone: phone }).payerPhone ?? ""),
  };
}
