// Whether the page runs inside the Capacitor shell (decision records 0043 and 0044). The shell
// injects `window.Capacitor` before any page script runs, so detection reads that object and
// imports nothing: the native bridge (./native-bridge.ts) builds on it inside the app, and the
// small scripts of prerendered pages (the /auth sign-in form) can ask without pulling the app in.

/** The part of the object the native shell injects as `window.Capacitor` that is read here. */
export interface InjectedCapacitor {
  isNativePlatform(): boolean;
  getPlatform(): string;
  isPluginAvailable(name: string): boolean;
}

export function nativeShell(): InjectedCapacitor | null {
  const injected = (globalThis as { Capacitor?: Partial<InjectedCapacitor> }).Capacitor;
  return injected?.isNativePlatform?.() === true ? (injected as InjectedCapacitor) : null;
}

/** True inside the Android or iOS app, false in any browser (installed PWA included). */
export function isNativeApp(): boolean {
  return nativeShell() !== null;
}
