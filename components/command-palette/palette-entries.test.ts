import { describe, expect, it } from "vitest";
import { matchingEntries } from "@/components/command-palette/palette-entries";

const entries = [
  { href: "/cash-in", label: "Nova cobrança" },
  { href: "/cash-out", label: "Novo envio PIX" },
  { href: "/transactions", label: "Transações" },
];

describe("the command palette's pages and actions", () => {
  it("match every word typed, ignoring case and accents", () => {
    expect(matchingEntries(entries, "cobranca").map((entry) => entry.href)).toEqual(["/cash-in"]);
    expect(matchingEntries(entries, "NOVO pix").map((entry) => entry.href)).toEqual(["/cash-out"]);
    expect(matchingEntries(entries, "transacoes").map((entry) => entry.href)).toEqual(["/transactions"]);
  });

  it("offers all of them before anything is typed, and none for a text that names none", () => {
    expect(matchingEntries(entries, "  ")).toHaveLength(3);
    expect(matchingEntries(entries, "123.456.789-09")).toEqual([]);
  });
});
