export { BottomNav, BOTTOM_NAV_ITEMS, isNavItemActive } from "./bottom-nav";
export { MobileHeader } from "./mobile-header";
export { PageTransition } from "./page-transition";
export { ThemeToggle } from "./theme-toggle";
