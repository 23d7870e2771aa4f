// The public surface of shared/: constants, error codes, user-facing texts, rules and schemas.
export * from "./constants";
export * from "./errors";
export * from "./messages";
export * from "./rules/index";
export * from "./schemas/index";
