export * from "./auth";
export * from "./operators";
export * from "./audit";
