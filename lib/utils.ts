// `cn()`: joins class names (conditionals allowed) and lets a later Tailwind class win over an
// earlier one of the same utility, so a component's defaults can be overridden by its caller.
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
