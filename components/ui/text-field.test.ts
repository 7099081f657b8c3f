// A paste over a field's limit: how much the browser leaves out, and the sentence the field says.
import { describe, expect, it } from "vitest";
import { charactersCut } from "@/components/ui/text-field";
import { pasteCutMessage } from "@/lib/i18n/form-field-messages";

describe("a paste over a field's limit", () => {
  it("counts what the limit leaves out, the replaced selection given back", () => {
    // Empty field, 150 characters pasted into 140: 10 cut.
    expect(charactersCut({ value: "", selectionStart: 0, selectionEnd: 0 }, "x".repeat(150), 140)).toBe(10);
    // 130 typed, 5 of them selected and replaced by a 20-character paste: 130 - 5 + 20 = 145, 5 cut.
    expect(charactersCut({ value: "y".repeat(130), selectionStart: 10, selectionEnd: 15 }, "x".repeat(20), 140)).toBe(5);
    // A paste that fits cuts nothing.
    expect(charactersCut({ value: "abc", selectionStart: 3, selectionEnd: 3 }, "def", 140)).toBe(0);
  });

  it("says so in the page's language", () => {
    expect(pasteCutMessage("pt-BR", 140, 10)).toBe("O texto colado foi cortado em 140 caracteres: 10 ficaram de fora.");
    expect(pasteCutMessage("en", 140, 1)).toBe("The pasted text was cut to 140 characters: 1 left out.");
  });
});
