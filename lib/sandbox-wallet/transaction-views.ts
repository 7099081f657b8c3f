// How a stored transaction is shown: the creation response (spec 2.3, CASH_IN / CASH_OUT) and the
// snapshot sent in callbacks and kept in callback logs (spec 2.4: CASHIN / CASHOUT, upper-case
// description), reproducing the provider's two spellings on purpose.
import type { Metadata, Payer, TransactionRow, TransactionStatus } from "./schema";

type CommonFields = {
  id: string;
  value: number;
  tax: number;
  callbackUrl: string;
  description: string;
  status: TransactionStatus;
  metadata: Metadata;
  externalReference: string | null;
  createdAt: string;
};

export type CashInView = CommonFields & { operation: "CASH_IN"; codeCopyPaste: string; qrcodeImage: string; payer: Payer };
export type CashOutView = CommonFields & { operation: "CASH_OUT" };
export type TransactionView = CashInView | CashOutView;

export type TransactionSnapshot = {
  id: string;
  value: number;
  tax: number;
  description: string;
  operation: "CASHIN" | "CASHOUT";
  status: TransactionStatus;
  codeCopyPaste: string | null;
  qrcodeImage: string | null;
  metadata: Metadata;
  payer: Payer | null;
  callbackUrl: string;
  externalReference: string | null;
  createdAt: string;
};

export function toTransactionView(row: TransactionRow): TransactionView {
  const createdAt = row.createdAt.toISOString();
  const { id, value, tax, callbackUrl, description, status, metadata, externalReference } = row;
  if (row.operation === "CASH_OUT") {
    return { id, value, tax, callbackUrl, description, operation: "CASH_OUT", status, metadata, externalReference, createdAt };
  }
  return {
    id,
    value,
    tax,
    callbackUrl,
    description,
    operation: "CASH_IN",
    status,
    codeCopyPaste: row.codeCopyPaste ?? "",
    qrcodeImage: row.qrcodeImage ?? "",
    metadata,
    payer: row.payer ?? { name: "", email: "", document: "", phone: null },
    externalReference,
    createdAt,
  };
}

export function toTransactionSnapshot(row: TransactionRow): TransactionSnapshot {
  return {
    id: row.id,
    value: row.value,
    tax: row.tax,
    description: row.description.toUpperCase(),
    operation: row.operation === "CASH_IN" ? "CASHIN" : "CASHOUT",
    status: row.status,
    codeCopyPaste: row.codeCopyPaste,
    qrcodeImage: row.qrcodeImage,
    metadata: row.metadata,
    payer: row.payer,
    callbackUrl: row.callbackUrl,
    externalReference: row.externalReference,
    createdAt: row.createdAt.toISOString(),
  };
}
