// Activity read state, stored on the server (DESIGN.md: the spec keeps it only locally).
import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestampMs } from "./columns";
import { users } from "./users";

export const activityReads = sqliteTable(
  "activity_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The derived activity item's id, prefixed by kind: 'like-<id>', 'comment-<id>', 'follow-<id>', 'message-<id>'. */
    activityId: text("activity_id").notNull(),
    readAt: timestampMs("read_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);
