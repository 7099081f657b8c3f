"use client";
// The store choice (components/stores/store-choice-field.tsx) with its code loaded on its own, for a
// form whose page is at its JS budget (the payment links pages): it still renders on the server.
import dynamic from "next/dynamic";

export const LazyStoreChoiceField = dynamic(() =>
  import("@/components/stores/store-choice-field").then((module) => module.StoreChoiceField),
);
