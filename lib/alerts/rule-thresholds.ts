// What each alert rule's threshold means, its default and its bounds (null: the rule has none).
// A plain module: the settings form and its schema use it in the browser too.
import type { AlertRuleKey } from "@/lib/vocabulary/alert-kinds";

export const ruleThresholds: Record<AlertRuleKey, { unit: "minutes" | "percent"; defaultValue: number; min: number; max: number } | null> =
  {
    cash_out_unknown: { unit: "minutes", defaultValue: 15, min: 1, max: 1_440 },
    callbacks_silent: { unit: "minutes", defaultValue: 30, min: 5, max: 1_440 },
    delivery_rejected: null,
    cash_out_failed: null,
    daily_limit_near: { unit: "percent", defaultValue: 80, min: 1, max: 100 },
    event_endpoint_disabled: null,
  };
