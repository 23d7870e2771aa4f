// The username field of /edit-profile (spec §5 profile: sanitised, at most 30, unique among other
// users). What is typed is sanitised as it is typed (letters, digits, . _ -), so the field shows
// exactly what will be stored, and once typing pauses the server says whether the name is free.
import { useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import type { ComponentProps } from "react";
import { TEXT_LIMITS } from "@shared/constants";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { sanitizeUsername, validateProfileUsername } from "@shared/rules/username";
import { FormField } from "@web/components/form-field";
import { Spinner } from "@web/components/ui/spinner";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { profileCalls, profileKeys } from "../api";

/** How long typing must pause before the availability is asked (the search debounce, §9). */
const CHECK_DELAY_MS = 300;

export type Availability = "unknown" | "checking" | "available" | "taken";

/**
 * Whether `username` is free, asked once typing pauses. Nothing is asked for the user's own
 * current name, nor for a name the shared rule refuses (the form shows that message instead).
 */
export function useUsernameAvailability(username: string, current: string): Availability {
  const settled = useDebouncedValue(username, CHECK_DELAY_MS);
  const valid = validateProfileUsername(settled).ok;
  const own = settled.toLowerCase() === current.toLowerCase();
  const check = useQuery({
    queryKey: profileKeys.usernameCheck(settled.toLowerCase()),
    queryFn: ({ signal }) => profileCalls.checkUsername(settled, signal),
    enabled: valid && !own,
    staleTime: 10_000,
    retry: false,
  });
  if (username.toLowerCase() === current.toLowerCase() || !validateProfileUsername(username).ok) return "unknown";
  // Still typing, or the answer for the settled name is on its way.
  if (username !== settled || check.isFetching) return "checking";
  if (!check.data) return "unknown";
  return check.data.available ? "available" : "taken";
}

export function UsernameField({ availability, error, ...inputProps }: { availability: Availability; error?: string } & Omit<ComponentProps<typeof FormField>, "label">) {
  const taken = availability === "taken";
  return (
    <FormField
      label={PROFILE_SCREEN_TEXTS.editProfile.username}
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={TEXT_LIMITS.usernameMax}
      error={error ?? (taken ? PROFILE_TEXTS.usernameTaken.description : undefined)}
      hint={PROFILE_SCREEN_TEXTS.editProfile.usernameHint}
      below={
        error || taken ? null : availability === "checking" ? (
          <Spinner className="size-4" label={PROFILE_SCREEN_TEXTS.editProfile.checkingUsername} />
        ) : availability === "available" ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-success" role="status">
            <CircleCheck className="size-4" aria-hidden /> {PROFILE_SCREEN_TEXTS.usernameAvailable}
          </p>
        ) : null
      }
      {...inputProps}
      onChange={(event) => {
        // Only what can be stored stays in the field.
        event.target.value = sanitizeUsername(event.target.value);
        inputProps.onChange?.(event);
      }}
    />
  );
}
