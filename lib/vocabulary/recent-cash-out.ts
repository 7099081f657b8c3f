// A row of the cash-out page's recent list, as the database layer returns it and the list shows it.
import type { PixKeyType } from "@/lib/vocabulary/pix-key-types";
import type { CreationState, WalletStatus } from "@/lib/vocabulary/transaction-statuses";

export type RecentCashOut = {
  id: string;
  amountCents: number;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  status: WalletStatus | null;
  creationState: CreationState;
  externalReference: string | null;
  createdByEmail: string | null;
  createdAt: Date;
};
