// A statement's month in words (#46): "Extrato de novembro de 2026", never "Extrato de 2026-11".
import { describe, expect, it } from "vitest";
import { formatCalendarMonth } from "@/lib/format";

describe("formatCalendarMonth", () => {
  it("writes a month in words in each language", () => {
    expect(formatCalendarMonth("pt-BR", "2026-11")).toBe("novembro de 2026");
    expect(formatCalendarMonth("en", "2026-11")).toBe("November 2026");
    // The first and last months stay themselves (no time zone moves them).
    expect(formatCalendarMonth("pt-BR", "2027-01")).toBe("janeiro de 2027");
    expect(formatCalendarMonth("en", "2026-12")).toBe("December 2026");
  });

  it("refuses what is not a month", () => {
    expect(() => formatCalendarMonth("en", "2026-13")).toThrow(RangeError);
    expect(() => formatCalendarMonth("en", "2026-11-27")).toThrow(RangeError);
  });
});
