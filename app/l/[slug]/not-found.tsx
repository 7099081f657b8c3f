// An unknown or mistyped link a payer opened: HTTP 404 with the payer's friendly page (components/payer/payer-not-found.tsx).
import { PayerNotFound, payerNotFoundMetadata } from "@/components/payer/payer-not-found";

export const metadata = payerNotFoundMetadata;

export default PayerNotFound;
