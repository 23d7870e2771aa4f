// Small display rules that both the SPA and server-rendered pieces (emails, share cards) use.
import { SKILLS_SHOWN } from "../constants";

export type TrendingBadge = "Hot" | "Rising" | "Popular";

/** Rank 1 is "Hot", ranks 2 and 3 "Rising", every other rank "Popular" (1-based). */
export function trendingBadge(rank: number): TrendingBadge {
  if (rank === 1) return "Hot";
  if (rank === 2 || rank === 3) return "Rising";
  return "Popular";
}

/** Recommendation match: score × 10, rounded, kept within 0–100 so a bad score never shows "140%". */
export function matchPercentage(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 10)));
}

/** At most five skills, then "+N more" for the rest. */
export function skillsDisplay(skills: readonly string[], max: number = SKILLS_SHOWN): { shown: string[]; more: string | null } {
  const shown = skills.slice(0, max);
  const rest = skills.length - shown.length;
  return { shown, more: rest > 0 ? `+${rest} more` : null };
}

/** Initials for an avatar fallback: "Ana Lopez" → "AL", "dj_max" → "D". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => w !== "");
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? "")
    .join("");
}
