export * from "./auth";
export * from "./operators";
export * from "./audit";
export * from "./transactions";
export * from "./callbacks";
export * from "./operator-security";
