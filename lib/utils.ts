// `cn()`: joins class names (conditionals allowed) and lets a later Tailwind class win over an
// earlier one of the same utility, so a component's defaults can be overridden by its caller.
// For server-rendered primitives (description list, truncated text, pages): tailwind-merge costs
// ~9 KiB gzip in a client bundle, so client primitives (button, badge, toast) join with clsx.
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
