// A transaction's wallet status as a badge, worded and toned by the one status vocabulary.
import { Badge } from "@/components/ui/badge";
import type { Messages } from "@/lib/i18n/messages";
import { transactionStatusVocabulary } from "@/lib/vocabulary/status-labels";
import { walletStatuses, type WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export type StatusBadgeLabels = Pick<Messages, "status.PENDING" | "status.SUCCEED" | "status.CANCELED" | "status.FAILED">;

function isWalletStatus(status: string): status is WalletStatus {
  return (walletStatuses as readonly string[]).includes(status);
}

export function StatusBadge({ status, t }: { status: string | null; t: StatusBadgeLabels }) {
  if (!status) return <span>—</span>;
  if (!isWalletStatus(status)) return <Badge data-status={status}>{status}</Badge>;
  const entry = transactionStatusVocabulary[status];
  return (
    <Badge tone={entry.tone} data-status={status}>
      {t[entry.key]}
    </Badge>
  );
}
