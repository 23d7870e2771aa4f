// Theme preference (spec §1: theme colour dark #0a0a0a or light #ffffff). Dark is the default
// look of the product; a stored choice wins, otherwise the system setting decides.
import { useCallback, useSyncExternalStore } from "react";
import { SHELL_TEXTS } from "@shared/messages";
import { syncSystemBars } from "./native-bridge";

export type ThemePreference = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "backline:theme";
export const THEME_COLORS: Record<ResolvedTheme, string> = { dark: "#0a0a0a", light: "#ffffff" };

const listeners = new Set<() => void>();

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can throw in private modes or sandboxed iframes; the app must still render.
    return null;
  }
}

function readThemePreference(): ThemePreference {
  const stored = safeStorage()?.getItem(THEME_STORAGE_KEY);
  return stored === "light" || stored === "dark" || stored === "system" ? stored : "system";
}

function systemPrefersLight(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-color-scheme: light)").matches
    : false;
}

function resolveTheme(preference: ThemePreference): ResolvedTheme {
  if (preference === "system") return systemPrefersLight() ? "light" : "dark";
  return preference;
}

/**
 * Puts the resolved theme on <html> and hands its colour to the native bridge, which rewrites the
 * theme-color meta tags in a browser and styles the status bar inside the app.
 */
export function applyTheme(preference: ThemePreference = readThemePreference()): ResolvedTheme {
  const resolved = resolveTheme(preference);
  if (typeof document === "undefined") return resolved;
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
  syncSystemBars(resolved, THEME_COLORS[resolved]);
  return resolved;
}

export function setThemePreference(preference: ThemePreference): void {
  safeStorage()?.setItem(THEME_STORAGE_KEY, preference);
  applyTheme(preference);
  for (const listener of listeners) listener();
}

/** The theme toggle's name: what pressing it switches to. */
export function themeToggleLabel(resolved: ResolvedTheme): string {
  return SHELL_TEXTS.themeToggle(resolved === "dark" ? "light" : "dark");
}

/** Follows system changes while the preference is "system"; returns a cleanup function. */
export function watchSystemTheme(): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia("(prefers-color-scheme: light)");
  const onChange = () => {
    if (readThemePreference() === "system") {
      applyTheme("system");
      for (const listener of listeners) listener();
    }
  };
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
  toggle: () => void;
} {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => "system" as const);
  const resolved = resolveTheme(preference);
  const toggle = useCallback(() => setThemePreference(resolved === "dark" ? "light" : "dark"), [resolved]);
  return { preference, resolved, setPreference: setThemePreference, toggle };
}
