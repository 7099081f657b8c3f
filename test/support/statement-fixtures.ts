// Helpers the statement tests share: the Overview's range for a São Paulo day.
import { saoPauloDayRange } from "@/lib/vocabulary/sao-paulo-dates";

export function overviewRange(day: string): { start: Date; end: Date } {
  return saoPauloDayRange(day);
}
