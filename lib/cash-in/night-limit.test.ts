import { describe, expect, it } from "vitest";
import { isSaoPauloNight, nightLimitMayRefuse } from "@/lib/cash-in/night-limit";

// São Paulo is UTC-3 all year (no daylight saving since 2019).
const at = (isoUtc: string) => new Date(isoUtc);

describe("the night limit hint", () => {
  it("night is 20:00 to 05:59 in São Paulo, whatever the server's time zone", () => {
    expect(isSaoPauloNight(at("2026-11-23T22:59:59Z"))).toBe(false); // 19:59:59
    expect(isSaoPauloNight(at("2026-11-23T23:00:00Z"))).toBe(true); // 20:00
    expect(isSaoPauloNight(at("2026-11-24T08:59:59Z"))).toBe(true); // 05:59:59
    expect(isSaoPauloNight(at("2026-11-24T09:00:00Z"))).toBe(false); // 06:00
  });

  it("warns only for a CPF, above R$ 1.000,00, at night", () => {
    const night = at("2026-11-24T02:00:00Z");
    const day = at("2026-11-24T15:00:00Z");
    expect(nightLimitMayRefuse("529.982.247-25", 100_001, night)).toBe(true);
    expect(nightLimitMayRefuse("529.982.247-25", 100_000, night)).toBe(false);
    expect(nightLimitMayRefuse("529.982.247-25", 100_001, day)).toBe(false);
    expect(nightLimitMayRefuse("11.222.333/0001-81", 500_000, night)).toBe(false);
    expect(nightLimitMayRefuse("529.982.247-25", null, night)).toBe(false);
  });
});
