// The alert rules, channels and delivery states, as plain lists shared by the database schema, the
// server and the browser (the rules form).

export const alertRuleKeys = [
  "cash_out_unknown",
  "callbacks_silent",
  "delivery_rejected",
  "cash_out_failed",
  "daily_limit_near",
  "event_endpoint_disabled",
] as const;
export type AlertRuleKey = (typeof alertRuleKeys)[number];

export const alertChannelKinds = ["email", "webhook"] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

export const alertDeliveryStatuses = ["pending", "sending", "sent", "failed"] as const;
export type AlertDeliveryStatus = (typeof alertDeliveryStatuses)[number];
