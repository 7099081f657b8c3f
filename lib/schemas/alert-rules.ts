// Input of the alert rules form: each rule on or off, and its threshold within the rule's bounds.
import * as z from "@/lib/schemas/zod";
import { msg } from "@/lib/i18n/message";
import { alertRuleKeys } from "@/lib/vocabulary/alert-kinds";
import { ruleThresholds } from "@/lib/alerts/rule-thresholds";

const ruleSettingSchema = z
  .object({
    rule: z.enum(alertRuleKeys, { error: msg("errors.alerts.unknownRule") }),
    enabled: z.boolean(),
    threshold: z.nullable(z.number({ error: msg("errors.alerts.wholeNumber") }).check(z.int({ error: msg("errors.alerts.wholeNumber") }))),
  })
  .check(
    z.superRefine((setting, context) => {
      const bounds = ruleThresholds[setting.rule];
      if (!bounds) return;
      if (setting.threshold === null || setting.threshold < bounds.min || setting.threshold > bounds.max) {
        context.addIssue({
          code: "custom",
          path: ["threshold"],
          message: msg("errors.alerts.thresholdRange", { min: bounds.min, max: bounds.max }),
        });
      }
    }),
  );

export const updateAlertRulesSchema = z.object({
  rules: z.array(ruleSettingSchema).check(z.minLength(1), z.maxLength(alertRuleKeys.length)),
});
