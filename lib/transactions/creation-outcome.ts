// The one money-semantics rule for a failed wallet creation call, used by every path that creates
// a charge or sends money: the cash-in form, the quick charge and the API charge (through
// lib/cash-in/create-cash-in.ts), the cash-out form, an approval and the payment batch sender
// (through sendClaimedCashOut, lib/cash-out/create-cash-out.ts). Only an answer the wallet is sure
// of (a refusal, a connection never opened) means nothing was created. Anything else — our timeout,
// a connection reset after the request went out, a 5xx, an unreadable 2xx, or an error of ours
// around the call — means the wallet may have created it: "outcome unknown", never "failed".
// lib/wallet/ types each error with `outcomeUnknown`; this is where the paths read it, in one place.
import { isWalletError, type WalletErrorKind } from "@/lib/wallet/errors";

export type CreationFailure = {
  /** refused: the wallet created nothing, for certain; unknown: it may have created it. */
  outcome: "refused" | "unknown";
  /** The ledger row's creation state that goes with it. */
  creationState: "rejected" | "outcome_unknown";
  /** The wallet error's encoded message; undefined for an error that was not the wallet's. */
  walletMessage: string | undefined;
  /** What the audit event keeps (no body, no URL, no token). */
  audit: { walletErrorKind: WalletErrorKind | null; httpStatus: number | null; outcomeUnknown: boolean };
};

export function classifyCreationFailure(error: unknown): CreationFailure {
  const certainRefusal = isWalletError(error) && !error.outcomeUnknown;
  return {
    outcome: certainRefusal ? "refused" : "unknown",
    creationState: certainRefusal ? "rejected" : "outcome_unknown",
    walletMessage: isWalletError(error) ? error.userMessage : undefined,
    audit: isWalletError(error)
      ? { walletErrorKind: error.kind, httpStatus: error.httpStatus ?? null, outcomeUnknown: !certainRefusal }
      : { walletErrorKind: null, httpStatus: null, outcomeUnknown: true },
  };
}
