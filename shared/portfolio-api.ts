// The /portfolio contract shared by the Worker and the SPA (decision record
// 0053): the owner saves the whole ordered list at once, so an order, a title and a note are
// never half saved, and the server checks every post is the owner's.
import { z } from "zod";
import { PORTFOLIO_TEXTS } from "./messages";
import type { Post } from "./posts-api";
import { idSchema } from "./schemas/common";

export const PORTFOLIO_LIMITS = { items: 12, title: 80, note: 500 } as const;

const portfolioItemInputSchema = z.object({
  postId: idSchema,
  title: z
    .string({ error: PORTFOLIO_TEXTS.titleRequired })
    .trim()
    .min(1, PORTFOLIO_TEXTS.titleRequired)
    .max(PORTFOLIO_LIMITS.title, PORTFOLIO_TEXTS.titleTooLong(PORTFOLIO_LIMITS.title)),
  note: z
    .string({ error: PORTFOLIO_TEXTS.noteTooLong(PORTFOLIO_LIMITS.note) })
    .trim()
    .max(PORTFOLIO_LIMITS.note, PORTFOLIO_TEXTS.noteTooLong(PORTFOLIO_LIMITS.note)),
});
export type PortfolioItemInput = z.input<typeof portfolioItemInputSchema>;

/** PUT /api/portfolio: the items in their new order (first shown first). */
export const portfolioBodySchema = z.object({
  items: z
    .array(portfolioItemInputSchema, { error: PORTFOLIO_TEXTS.tooMany(PORTFOLIO_LIMITS.items) })
    .max(PORTFOLIO_LIMITS.items, PORTFOLIO_TEXTS.tooMany(PORTFOLIO_LIMITS.items))
    .refine((items) => new Set(items.map((item) => item.postId)).size === items.length, PORTFOLIO_TEXTS.duplicate),
});

export interface PortfolioItem {
  postId: string;
  position: number;
  title: string;
  note: string;
  post: Post;
}

export interface Portfolio {
  items: PortfolioItem[];
}
