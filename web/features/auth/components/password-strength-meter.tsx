// The strength meter of spec §5: Weak below 30, Fair from 30 to 59, Strong from 60, with a bar
// and the scorer's feedback lines. The scoring itself lives in shared/rules/password.ts, the same
// code the Worker runs, so the meter and the server never disagree.
import { AUTH_SCREEN_TEXTS } from "@shared/messages";
import { scorePassword, type PasswordLevel } from "@shared/rules/password";
import { cn } from "@web/lib/cn";

const levelStyles: Record<PasswordLevel, { bar: string; text: string }> = {
  Weak: { bar: "bg-destructive", text: "text-destructive" },
  Fair: { bar: "bg-amber-500", text: "text-amber-600 dark:text-amber-400" },
  Strong: { bar: "bg-success", text: "text-success" },
};

export function PasswordStrengthMeter({ password, className }: { password: string; className?: string }) {
  const strength = password.length > 0 ? scorePassword(password) : null;
  return (
    // The live region is always present, so a screen reader hears each new level as it changes.
    <div aria-live="polite" className={cn("flex flex-col gap-1.5", className)} data-testid="password-strength">
      {strength ? (
        <>
          <div className="flex items-center justify-between text-xs">
            <span className="text-muted-foreground">{AUTH_SCREEN_TEXTS.strength.label}</span>
            <span className={cn("font-semibold", levelStyles[strength.level].text)} data-level={strength.level}>
              {strength.level}
            </span>
          </div>
          <div
            role="meter"
            aria-label={AUTH_SCREEN_TEXTS.strength.label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={strength.score}
            aria-valuetext={strength.level}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn("h-full rounded-full transition-[width] duration-300", levelStyles[strength.level].bar)}
              // A sliver stays visible at 0 so the bar reads as a meter, not as an empty line.
              style={{ width: `${Math.max(strength.score, 4)}%` }}
            />
          </div>
          {strength.feedback.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
              {strength.feedback.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
