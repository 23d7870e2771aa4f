// A value that follows its source only after the source has held still for `delayMs`, so a
// check that runs as the user types (a username's availability) asks the server once per pause
// rather than once per key.
import { useEffect, useState } from "react";

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
