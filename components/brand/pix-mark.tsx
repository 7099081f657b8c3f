// The Pix brand beside a QR code or a copy-and-paste code (issue #53): Banco Central's brand manual
// (Manual de Uso da Marca Pix) wants the symbol shown, never the logotype alone. Drawn inline, on
// the server, with no request and no script.
//
// The symbol's geometry is simple-icons' "pix" icon (simple-icons 16.37.0, CC0-1.0; its recorded
// source is bcb.gov.br/estabilidadefinanceira/pix and its guidelines the manual above), copied
// as it is. The manual's logotype (its own lettering of "pix") is not reproduced here: the word
// beside the symbol is plain text in the page's type, not the official logotype
// (docs/decisions/first-paint.md).
// The teal is simple-icons' recorded brand colour for Pix.

/** simple-icons 16.37.0, icons/pix.svg (viewBox 0 0 24 24). */
export const pixSymbolPath =
  "M5.283 18.36a3.505 3.505 0 0 0 2.493-1.032l3.6-3.6a.684.684 0 0 1 .946 0l3.613 3.613a3.504 3.504 0 0 0 2.493 1.032h.71l-4.56 4.56a3.647 3.647 0 0 1-5.156 0L4.85 18.36ZM18.428 5.627a3.505 3.505 0 0 0-2.493 1.032l-3.613 3.614a.67.67 0 0 1-.946 0l-3.6-3.6A3.505 3.505 0 0 0 5.283 5.64h-.434l4.573-4.572a3.646 3.646 0 0 1 5.156 0l4.559 4.559ZM1.068 9.422 3.79 6.699h1.492a2.483 2.483 0 0 1 1.744.722l3.6 3.6a1.73 1.73 0 0 0 2.443 0l3.614-3.613a2.482 2.482 0 0 1 1.744-.723h1.767l2.737 2.737a3.646 3.646 0 0 1 0 5.156l-2.736 2.736h-1.768a2.482 2.482 0 0 1-1.744-.722l-3.613-3.613a1.77 1.77 0 0 0-2.444 0l-3.6 3.6a2.483 2.483 0 0 1-1.744.722H3.791l-2.723-2.723a3.646 3.646 0 0 1 0-5.156";

/** simple-icons' recorded colour for Pix. */
export const pixTeal = "#77B6A8";

/**
 * The Pix symbol with the word "Pix" beside it. One accessible name, "Pix" (the symbol is an image
 * named Pix; the visible word is hidden from assistive technology so it is not read twice).
 * `size` is the symbol's side in pixels: fixed width and height, so nothing shifts as it paints.
 */
export function PixMark({ size = 24, className = "" }: { size?: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 align-middle ${className}`} data-testid="pix-mark">
      <svg role="img" aria-label="Pix" width={size} height={size} viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">
        <path fill={pixTeal} d={pixSymbolPath} />
      </svg>
      <span aria-hidden="true" className="font-semibold text-slate-800" style={{ fontSize: `${Math.round(size * 0.75)}px` }}>
        Pix
      </span>
    </span>
  );
}
