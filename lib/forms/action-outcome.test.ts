// The form hook's pure parts (components/forms/use-action-form.ts): what an action's result shows,
// in both languages, and which field gets focus (document order, not the order of the errors).
import { describe, expect, it } from "vitest";
import { actionOutcome } from "@/lib/forms/action-outcome";
import { focusFirstInvalidField, focusFirstNamedField } from "@/lib/forms/form-feedback";
import { msg } from "@/lib/i18n/message";
import { dictionaries } from "@/lib/i18n/messages";

describe("actionOutcome", () => {
  it("shows the form's success text, or nothing when the form has none", () => {
    expect(actionOutcome({ ok: true, data: 1 }, dictionaries.en, "Saved.")).toEqual({
      message: { kind: "success", text: "Saved." },
      fieldErrors: {},
    });
    expect(actionOutcome({ ok: true, data: 1 }, dictionaries.en)).toEqual({ message: undefined, fieldErrors: {} });
  });

  it("translates the action's error and its field errors in the form's language", () => {
    const failure = {
      ok: false as const,
      code: "INVALID_INPUT" as const,
      error: msg("errors.action.invalidInput"),
      fieldErrors: { "rules.0.threshold": [msg("errors.action.invalidInput"), "left as it is"] },
    };
    const en = actionOutcome(failure, dictionaries.en, "Saved.");
    expect(en.message).toEqual({ kind: "error", text: dictionaries.en["errors.action.invalidInput"] });
    expect(en.fieldErrors).toEqual({ "rules.0.threshold": [dictionaries.en["errors.action.invalidInput"], "left as it is"] });
    const pt = actionOutcome(failure, dictionaries["pt-BR"]);
    expect(pt.message?.text).toBe(dictionaries["pt-BR"]["errors.action.invalidInput"]);
    expect(pt.message?.text).not.toBe(en.message?.text);
  });

  it("fills a refused role into its message", () => {
    const outcome = actionOutcome(
      { ok: false, code: "FORBIDDEN", error: msg("errors.action.roleRefused", { role: "viewer" }) },
      dictionaries.en,
    );
    expect(outcome.message?.text).toContain("viewer");
    expect(outcome.fieldErrors).toEqual({});
  });
});

/** A stand-in for a form's controls: what focusFirst* reads (name, type, disabled) and a focus() that records. */
function fakeForm(controls: Array<{ name: string; type?: string; disabled?: boolean }>) {
  const focused: string[] = [];
  const elements = controls.map((control) => ({
    type: "text",
    disabled: false,
    ...control,
    focus: () => focused.push(control.name),
  }));
  return { form: { elements } as unknown as HTMLFormElement, focused };
}

describe("focus on the first invalid field", () => {
  it("follows the form's document order, not the order of the errors", () => {
    const { form, focused } = fakeForm([{ name: "url" }, { name: "description" }, { name: "eventTypes", type: "checkbox" }]);
    focusFirstNamedField(form, ["eventTypes", "description"]);
    expect(focused).toEqual(["description"]);
  });

  it("skips hidden and disabled controls, and nested paths match their control", () => {
    const { form, focused } = fakeForm([
      { name: "idempotencyKey", type: "hidden" },
      { name: "rules.0.threshold", disabled: true },
      { name: "rules.1.threshold" },
    ]);
    focusFirstNamedField(form, ["idempotencyKey", "rules.0.threshold", "rules.1.threshold"]);
    expect(focused).toEqual(["rules.1.threshold"]);
  });

  it("reads react-hook-form's error tree (the browser's own check)", () => {
    const { form, focused } = fakeForm([{ name: "amount" }, { name: "metadata.0.key" }, { name: "metadata.0.value" }]);
    focusFirstInvalidField(form, { metadata: [{ value: { type: "custom", message: "x" } }] } as never);
    expect(focused).toEqual(["metadata.0.value"]);
  });

  it("does nothing without a form or a matching control", () => {
    const { form, focused } = fakeForm([{ name: "amount" }]);
    focusFirstNamedField(form, ["elsewhere"]);
    focusFirstNamedField(null, ["amount"]);
    expect(focused).toEqual([]);
  });
});
