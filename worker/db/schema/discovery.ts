// Recommendations and the interaction log they are computed from (spec social-feed-search §3/§7).
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { INTERACTION_TYPES, RECOMMENDATION_REASONS, RECOMMENDATION_TYPES } from "@shared/constants";
import { createdAt, idColumn, inList, timestampMs } from "./columns";
import { posts } from "./posts";
import { services } from "./marketplace";
import { users } from "./users";

export const userRecommendations = sqliteTable(
  "user_recommendations",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recommendationType: text("recommendation_type", { enum: RECOMMENDATION_TYPES }).notNull(),
    recommendedUserId: text("recommended_user_id").references(() => users.id, { onDelete: "cascade" }),
    recommendedPostId: text("recommended_post_id").references(() => posts.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: RECOMMENDATION_REASONS }),
    score: real("score").notNull().default(0),
    expiresAt: timestampMs("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // "Unexpired recommendations of type X for me by score descending".
    index("user_recommendations_user_type_score_idx").on(t.userId, t.recommendationType, t.score),
    index("user_recommendations_expires_idx").on(t.expiresAt),
    index("user_recommendations_recommended_user_idx").on(t.recommendedUserId),
    index("user_recommendations_recommended_post_idx").on(t.recommendedPostId),
    check("user_recommendations_type_check", inList(t.recommendationType, RECOMMENDATION_TYPES)),
    check(
      "user_recommendations_target_check",
      sql`(${t.recommendationType} = 'user' and ${t.recommendedUserId} is not null) or (${t.recommendationType} = 'post' and ${t.recommendedPostId} is not null)`,
    ),
  ],
);

export const userInteractions = sqliteTable(
  "user_interactions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "cascade" }),
    interactionType: text("interaction_type", { enum: INTERACTION_TYPES }).notNull(),
    /** e.g. { hashtag: "mixing" } for a view that came from a hashtag. */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_interactions_user_created_idx").on(t.userId, t.createdAt),
    index("user_interactions_target_user_idx").on(t.targetUserId, t.createdAt),
    index("user_interactions_post_idx").on(t.postId),
    index("user_interactions_service_idx").on(t.serviceId),
    index("user_interactions_created_idx").on(t.createdAt),
    check("user_interactions_type_check", inList(t.interactionType, INTERACTION_TYPES)),
  ],
);
