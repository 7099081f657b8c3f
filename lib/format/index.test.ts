import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  formatBRL,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDocument,
  formatNumber,
  formatPercent,
  formatPhone,
  formatPixKey,
  formatTime,
} from "@/lib/format";

describe("formatDocument", () => {
  it("masks a CPF and a CNPJ, numeric or alphanumeric", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });
  it("leaves anything else as it is", () => {
    expect(formatDocument("123")).toBe("123");
  });
});

describe("formatPhone", () => {
  it("shows an E.164 mobile and landline the Brazilian way", () => {
    expect(formatPhone("+5511987654321")).toBe("+55 11 98765-4321");
    expect(formatPhone("+551130000000")).toBe("+55 11 3000-0000");
  });
  it("masks a number without country code", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
  });
  it("leaves an unrecognised value as it is", () => {
    expect(formatPhone("+1 555 0100")).toBe("+1 555 0100");
  });
});

describe("formatPixKey", () => {
  it("masks document and phone keys only", () => {
    expect(formatPixKey("cpf", "52998224725")).toBe("529.982.247-25");
    expect(formatPixKey("PHONE", "+5511987654321")).toBe("+55 11 98765-4321");
    expect(formatPixKey("email", "ana@example.com")).toBe("ana@example.com");
  });
});

describe("dates in São Paulo time", () => {
  // 10:34 UTC is 07:34 in São Paulo (UTC−3).
  const instant = new Date("2026-11-22T10:34:05Z");
  it("pt-BR: 22/11/2026 07:34", () => {
    expect(formatDateTime("pt-BR", instant)).toBe("22/11/2026 07:34");
    expect(formatDate("pt-BR", instant)).toBe("22/11/2026");
  });
  it("English: 22 Nov 2026, 07:34", () => {
    expect(formatDateTime("en", instant)).toBe("22 Nov 2026, 07:34");
    expect(formatDateTime("en", instant, { seconds: true })).toBe("22 Nov 2026, 07:34:05");
    expect(formatDate("en", "2026-09-02T12:00:00Z")).toBe("2 Sep 2026");
  });
  it("the São Paulo day, not the UTC one, near midnight", () => {
    expect(formatDate("pt-BR", "2026-11-23T01:30:00Z")).toBe("22/11/2026");
    expect(formatTime("2026-11-23T01:30:00Z")).toBe("22:30");
  });
  it("refuses a value that is not a date", () => {
    expect(() => formatDateTime("en", "nope")).toThrow(RangeError);
  });

  // The conversion reuses each UTC day's offset: it must agree with Intl's own conversion at every
  // instant, across Brazil's old daylight-saving changes (the last began 2018-11-04 at local
  // midnight and ended 2019-02-17) and the pre-1914 local mean time (an offset of −3:06:28).
  it("agrees with Intl at every instant, daylight-saving changes included", () => {
    const reference = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    const expected = (instant: number) => reference.format(instant).replace(",", "");
    const instants: number[] = [];
    // Every 7 minutes around the 2018 start and the 2019 end of daylight saving, and around 1914.
    for (const change of ["2018-11-04T03:00:00Z", "2019-02-17T02:00:00Z", "1914-01-01T03:06:28Z"]) {
      const at = Date.parse(change);
      for (let step = -400; step <= 400; step++) instants.push(at + step * 7 * 60_000 + 1234);
    }
    // And a spread of instants from 1950 to 2040 (a fixed pseudo-random walk, the same every run).
    let seed = 1;
    for (let index = 0; index < 4000; index++) {
      seed = (seed * 48271) % 2147483647;
      instants.push(Date.UTC(1950, 0, 1) + (seed / 2147483647) * 90 * 365.25 * 86_400_000);
    }
    for (const instant of instants) {
      expect(formatDateTime("pt-BR", instant, { seconds: true }), new Date(instant).toISOString()).toBe(expected(instant));
    }
  });
});

describe("formatBRL", () => {
  it("is R$ with Brazilian separators", () => {
    expect(formatBRL(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
  });

  it("refuses anything but whole cents", () => {
    expect(() => formatBRL(12.5)).toThrow(TypeError);
  });
});

describe("numbers, percentages and short days", () => {
  it("follow the reader's language", () => {
    expect(formatNumber("en", 1234567)).toBe("1,234,567");
    expect(formatNumber("pt-BR", 1234567)).toBe("1.234.567");
    expect(formatNumber("pt-BR", 2.25, { maximumFractionDigits: 1 })).toBe("2,3");
    expect(formatPercent("en", 0.125)).toBe("12.5%");
    expect(formatPercent("pt-BR", 0.125).replace(/\s/g, " ")).toBe("12,5%");
    expect(formatDayMonth("pt-BR", "2026-03-07")).toBe("07/03");
    expect(formatDayMonth("en", "2026-03-07")).toBe("03/07");
  });

  it("write a São Paulo calendar day as formatDate writes days, never as 2026-11-25", () => {
    expect(formatCalendarDay("pt-BR", "2026-11-25")).toBe("25/11/2026");
    expect(formatCalendarDay("en", "2026-11-05")).toBe("5 Nov 2026");
    expect(() => formatCalendarDay("en", "25/11/2026")).toThrow(RangeError);
  });
});

describe("one way to format", () => {
  // Pages and components format money, dates and numbers through lib/format only: a direct Intl
  // or toLocale* call (or the old lib/money) would bring back a second way with other rules
  // (another time zone, another currency form).
  const root = path.resolve(import.meta.dirname, "../..");
  const sources = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file));

  it("has no direct Intl or toLocale* call in app/ or components/", () => {
    const offenders = [...sources("app"), ...sources("components")].filter((file) => {
      const code = readFileSync(path.join(root, file), "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
      return /\bIntl\.|\.toLocale\w*\(/.test(code) || code.includes("@/lib/money");
    });
    expect(offenders).toEqual([]);
  });
});
