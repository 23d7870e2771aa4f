// Every table of the database. Import from here (`import * as schema from "./schema"`).
export * from "./users";
export * from "./profiles";
export * from "./posts";
export * from "./social";
export * from "./marketplace";
export * from "./messaging";
export * from "./activity";
export * from "./discovery";
export * from "./security";
export * from "./mail";
export * from "./reviews";
export * from "./analytics";
export { nowMsSql } from "./columns";
export * from "./payments";
export * from "./booking";
export * from "./leaving";
export * from "./moderation";
export * from "./safety";
