// The form hook's pure parts (components/forms/use-action-form.ts): what an action's result shows,
// and which field gets focus (document order, not the order of the errors).
import { describe, expect, it } from "vitest";
import { actionOutcome } from "@/lib/forms/action-outcome";
import { focusFirstInvalidField, focusFirstNamedField, resolverLoadedOnUse } from "@/lib/forms/form-feedback";

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

describe("a resolver loaded on use", () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;
  it("loads its schema at the first check, once, and answers with it", async () => {
    let loads = 0;
    const resolver = resolverLoadedOnUse<{ amount: string }, unknown, { amount: number }>(async () => {
      loads++;
      return async (values) => ({ values: { amount: Number(values.amount) }, errors: {} });
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([
      resolver({ amount: "1" }, undefined, options),
      resolver({ amount: "2" }, undefined, options),
    ]);
    expect(first.values).toEqual({ amount: 1 });
    expect(second.values).toEqual({ amount: 2 });
    expect(loads).toBe(1);
  });

  it("tries the load again at the next check after a failed one", async () => {
    let loads = 0;
    const resolver = resolverLoadedOnUse<{ amount: string }, unknown, { amount: string }>(async () => {
      loads++;
      if (loads === 1) throw new Error("offline");
      return async (values) => ({ values, errors: {} });
    });
    await expect(resolver({ amount: "1" }, undefined, options)).rejects.toThrow("offline");
    await expect(resolver({ amount: "1" }, undefined, options)).resolves.toEqual({ values: { amount: "1" }, errors: {} });
    expect(loads).toBe(2);
  });
});
