// The portfolio (issue #15 part 4; decision record 0053).
export { ownPortfolioQueryOptions } from "./api";
export { PortfolioEditor } from "./components/portfolio-editor";
export { PublicPortfolio } from "./components/public-portfolio";
