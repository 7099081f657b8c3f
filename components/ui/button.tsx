// Buttons, and links that look like buttons, in a few variants and sizes (the shadcn/ui way: the
// classes live here, callers pick a variant). `buttonClassName` styles any element, e.g. a <Link>.
// Joined with clsx, not cn(): buttons are in most client bundles and tailwind-merge would add ~9 KiB
// gzip to every route. So variants and sizes never overlap, and callers add layout only (width,
// margins), not colours or paddings: for another look, add a variant or size here.
import type { ButtonHTMLAttributes } from "react";
import { clsx } from "clsx";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400",
  secondary: "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400",
  ghost: "text-slate-900 hover:bg-slate-100 disabled:text-slate-500",
  link: "px-0 py-0 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800",
} as const;

const sizes = {
  md: "px-4 py-2 text-sm",
  sm: "px-3 py-1.5 text-sm",
  icon: "h-8 w-8 p-0",
  iconSm: "h-7 w-7 p-0",
  lg: "px-4 py-3 text-lg",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
export type VariantProps = { variant?: ButtonVariant; size?: ButtonSize };

export function buttonClassName({ variant = "primary", size = "md", className }: VariantProps & { className?: string } = {}): string {
  return clsx(
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold disabled:cursor-not-allowed",
    sizes[size],
    variants[variant],
    className,
  );
}

export function Button({ variant, size, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & VariantProps) {
  return <button className={buttonClassName({ variant, size, className })} {...props} />;
}
