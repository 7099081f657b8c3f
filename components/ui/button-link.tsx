// Links that look like buttons (no `asChild`: each is simply a link with the button's classes). Apart
// from button.tsx so client forms that only need <Button> do not pull next/link into their bundle.
import { Link } from "@/components/ui/link";
import type { AnchorHTMLAttributes, ComponentProps } from "react";
import { buttonClassName, type VariantProps } from "@/components/ui/button";

/** A client-side navigation link styled as a button (no `asChild`: it is simply a Link). */
export function ButtonLink({ variant = "secondary", size, className, ...props }: ComponentProps<typeof Link> & VariantProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}

/** A plain anchor styled as a button, for downloads and API routes that are not pages. */
export function ButtonAnchor({ variant = "secondary", size, className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & VariantProps) {
  return <a className={buttonClassName({ variant, size, className })} {...props} />;
}
