export * from "./auth";
export * from "./operators";
export * from "./audit";
export * from "./transactions";
export * from "./callbacks";
export * from "./alerts";
export * from "./cash-out-approvals";
export * from "./counters";
