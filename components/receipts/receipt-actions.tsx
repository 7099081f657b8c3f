// A paid transaction's receipt on its detail pages: download it as a PDF (each language) or a PNG
// (the page's language), and copy the public verification link to send with it.
import { ButtonAnchor } from "@/components/ui/button-link";
import { CopyButton } from "@/components/ui/copy-button";

export type ReceiptActionLabels = {
  section: string;
  pdf: Record<"pt-BR" | "en", string>;
  png: string;
  copyLink: string;
  copied: string;
  copyFailed: string;
};

export function ReceiptActions({
  transactionId,
  locale,
  verificationUrl,
  labels,
}: {
  transactionId: string;
  locale: "pt-BR" | "en";
  verificationUrl: string;
  labels: ReceiptActionLabels;
}) {
  const base = `/api/transactions/${transactionId}/receipt`;
  return (
    <section aria-labelledby="receipt-heading" className="mt-6 space-y-3" data-testid="receipt-actions">
      <h2 id="receipt-heading" className="text-lg font-semibold">
        {labels.section}
      </h2>
      <p className="flex flex-wrap gap-2">
        <ButtonAnchor href={`${base}?format=pdf&lang=pt-BR`} download data-testid="receipt-pdf-pt-BR">
          {labels.pdf["pt-BR"]}
        </ButtonAnchor>
        <ButtonAnchor href={`${base}?format=pdf&lang=en`} download data-testid="receipt-pdf-en">
          {labels.pdf.en}
        </ButtonAnchor>
        <ButtonAnchor href={`${base}?format=png&lang=${locale}`} download data-testid="receipt-png">
          {labels.png}
        </ButtonAnchor>
      </p>
      <CopyButton text={verificationUrl} label={labels.copyLink} copiedMessage={labels.copied} failedMessage={labels.copyFailed} />
    </section>
  );
}
