"use client";
// The resend form (a QA tool shown below a transaction's details) with its code loaded on its own:
// it still renders on the server, but its form library and schema stay out of the detail pages'
// first-load JS (route budgets, issue #15).
import dynamic from "next/dynamic";

export const LazyResendCallbackForm = dynamic(() =>
  import("@/components/callbacks/resend-callback-form").then((module) => module.ResendCallbackForm),
);
