export { BottomNav } from "./bottom-nav";
export { MobileHeader } from "./mobile-header";
export { ThemeToggle } from "./theme-toggle";
