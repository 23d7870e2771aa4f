// The portfolio (decision record 0053).
import { lazy } from "react";

export { ownPortfolioQueryOptions } from "./api";
export { PublicPortfolio } from "./components/public-portfolio";

/**
 * The editor brings dnd-kit, which no other screen needs: it is loaded when /portfolio opens, in a
 * chunk of its own, like the analytics chart.
 */
export const PortfolioEditor = lazy(() => import("./components/portfolio-editor"));
