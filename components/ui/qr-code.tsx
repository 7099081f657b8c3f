// A QR code drawn on the server as SVG (lib/qr-svg.ts), shown inline: it is in the page's first
// bytes, needs no script and no image request, and its square box is laid out before it paints, so
// nothing moves (issue #54). One image for assistive technology, named by `label`.
export function QrCode({ svg, label, className = "" }: { svg: string; label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={`aspect-square bg-white [&>svg]:block [&>svg]:h-full [&>svg]:w-full ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn on our server by the qrcode library from the copy-and-paste code, never taken from input
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
