// The form hook's pure parts (components/forms/use-action-form.ts): what an action's result shows,
// and which field gets focus (document order, not the order of the errors).
import { describe, expect, it } from "vitest";
import { actionOutcome } from "@/lib/forms/action-outcome";
import { focusFirstInvalidField, focusFirstNamedField } from "@/lib/forms/form-feedback";

describe("actionOutcome", () => {
  it("shows the form's success text, or nothing when the form has none", () => {
    expect(actionOutcome({ ok: true, data: 1 }, "Saved.")).toEqual({
      message: { kind: "success", text: "Saved." },
      fieldErrors: {},
    });
    expect(actionOutcome({ ok: true, data: 1 })).toEqual({ message: undefined, fieldErrors: {} });
  });

  it("shows the failure's text and its field messages as the action answered them", () => {
    const outcome = actionOutcome(
      {
        ok: false,
        code: "INVALID_INPUT",
        error: "errors.action.invalidInput",
        message: "Check the fields.",
        fieldErrors: { "rules.0.threshold": ["errors.action.invalidInput"] },
        fieldMessages: { "rules.0.threshold": ["Check this one."] },
      },
      "Saved.",
    );
    expect(outcome).toEqual({
      message: { kind: "error", text: "Check the fields." },
      fieldErrors: { "rules.0.threshold": ["Check this one."] },
    });
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
