// The rules used by both the Worker and the SPA, one module per rule.
export * from "./result";
export * from "./content-screen";
export * from "./sanitize";
export * from "./username";
export * from "./email";
export * from "./password";
export * from "./common-passwords";
export * from "./file-name";
export * from "./upload";
export * from "./sniff-mime";
export * from "./post-text";
export * from "./comment";
export * from "./relative-time";
export * from "./price";
export * from "./display";
export * from "./security";
