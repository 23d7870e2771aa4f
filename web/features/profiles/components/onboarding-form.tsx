// The /create-profile form (spec §2 Profile creation; DESIGN.md: profile creation saves): personal
// information (first and last name, the account's email read-only, phone, location), professional
// details (profession, years of experience, hourly rate, specialties, bio) and the profile picture.
// Required: first name, last name and profession. The shared onboardingSchema checks the body;
// this form only turns the typed numbers into numbers (dollars into cents) before it runs.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PROFESSIONS, TEXT_LIMITS, type Profession } from "@shared/constants";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { hourlyRateCentsSchema, onboardingSchema, yearsExperienceSchema, type OnboardingInput, type OwnProfile } from "@shared/profile-api";
import { parseDollarsToCents } from "@shared/rules/price";
import { FormField, SelectField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { useSaveOnboarding } from "../api";
import { AvatarUploader } from "./avatar-uploader";
import { FormActions, FormSection } from "./form-section";

/** Empty text is "not given"; anything else must be what the shared field accepts. */
function typedNumber<Out>(toNumber: (text: string) => number, field: z.ZodType<Out, number | null | undefined>) {
  return z
    .string()
    .transform((text): number | null | undefined => (text.trim() === "" ? null : toNumber(text.trim())))
    .pipe(field);
}

const onboardingFormSchema = onboardingSchema
  .extend({
    yearsExperience: typedNumber(Number, yearsExperienceSchema),
    // Anything that is not an amount becomes NaN, which the shared field refuses with its message.
    hourlyRate: typedNumber((text) => parseDollarsToCents(text) ?? Number.NaN, hourlyRateCentsSchema),
  })
  .omit({ hourlyRateCents: true })
  .transform(({ hourlyRate, ...rest }) => ({ ...rest, hourlyRateCents: hourlyRate }));

const T = PROFILE_SCREEN_TEXTS.onboarding;
const F = PROFILE_SCREEN_TEXTS.form;

type OnboardingFormValues = z.input<typeof onboardingFormSchema>;

function defaultsOf(profile: OwnProfile): OnboardingFormValues {
  // A display name chosen at sign-up is split at its first space: "Maya Lopez" → Maya, Lopez.
  const [first = "", ...rest] = profile.displayName.trim().split(/\s+/);
  return {
    firstName: first,
    lastName: rest.join(" "),
    profession: (profile.profession as Profession | null) ?? ("" as Profession),
    phone: profile.phone ?? "",
    location: profile.location ?? "",
    yearsExperience: profile.yearsExperience === null ? "" : String(profile.yearsExperience),
    hourlyRate: profile.hourlyRateCents === null ? "" : (profile.hourlyRateCents / 100).toFixed(2).replace(/\.00$/, ""),
    specialties: profile.skills.join(", "),
    bio: profile.bio ?? "",
  };
}

export interface OnboardingFormProps {
  profile: OwnProfile;
  onSaved: (profile: OwnProfile) => void;
  onSkip: () => void;
  skipping: boolean;
  prepareAvatar?: (file: File) => Promise<Blob>;
}

export function OnboardingForm({ profile, onSaved, onSkip, skipping, prepareAvatar }: OnboardingFormProps) {
  const form = useForm<OnboardingFormValues, unknown, OnboardingInput>({
    resolver: zodResolver(onboardingFormSchema),
    defaultValues: defaultsOf(profile),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const save = useSaveOnboarding();
  const { errors, isSubmitting } = form.formState;
  const bio = form.watch("bio") ?? "";
  const busy = isSubmitting || skipping;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      notifySuccess(PROFILE_TEXTS.updated.title, { description: PROFILE_TEXTS.updated.description, id: "profile-save" });
      onSaved(saved);
    } catch (error) {
      const description = error instanceof ApiClientError && error.status === 400 ? error.message : PROFILE_TEXTS.updateFailed.description;
      notifyError(description, { title: PROFILE_TEXTS.updateFailed.title, id: "profile-save" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.formLabel} className="space-y-5">
      <FormSection title={T.personalSection}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={T.firstName} autoComplete="given-name" maxLength={TEXT_LIMITS.personName} error={errors.firstName?.message} {...form.register("firstName")} />
          <FormField label={T.lastName} autoComplete="family-name" maxLength={TEXT_LIMITS.personName} error={errors.lastName?.message} {...form.register("lastName")} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="onboarding-email">{T.email}</Label>
          <Input id="onboarding-email" type="email" value={profile.email} readOnly aria-describedby="onboarding-email-hint" className="bg-muted/60 text-muted-foreground" />
          <p id="onboarding-email-hint" className="text-xs text-muted-foreground">
            {T.emailHint}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={<Optional text={T.phone} />}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={T.phoneHint}
            error={errors.phone?.message}
            {...form.register("phone")}
          />
          <FormField
            label={<Optional text={F.location} />}
            autoComplete="address-level2"
            placeholder={F.locationPlaceholder}
            maxLength={TEXT_LIMITS.location}
            error={errors.location?.message}
            {...form.register("location")}
          />
        </div>
      </FormSection>

      <FormSection title={F.professionalSection}>
        <SelectField label={F.profession} options={PROFESSIONS} placeholder={F.professionPlaceholder} aria-required error={errors.profession?.message} {...form.register("profession")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={<Optional text={T.yearsExperience} />}
            inputMode="numeric"
            placeholder={T.yearsExperiencePlaceholder}
            error={errors.yearsExperience?.message}
            {...form.register("yearsExperience")}
          />
          <FormField
            label={<Optional text={T.hourlyRate} />}
            inputMode="decimal"
            placeholder={T.hourlyRatePlaceholder}
            error={errors.hourlyRate?.message}
            {...form.register("hourlyRate")}
          />
        </div>
        <FormField
          label={<Optional text={T.specialties} />}
          placeholder={T.specialtiesPlaceholder}
          hint={T.specialtiesHint}
          error={errors.specialties?.message}
          {...form.register("specialties")}
        />
        <TextareaField
          label={<Optional text={F.bio} />}
          rows={4}
          limit={TEXT_LIMITS.bio}
          length={bio.length}
          placeholder={F.bioPlaceholder}
          error={errors.bio?.message}
          {...form.register("bio")}
        />
      </FormSection>

      <FormSection title={F.pictureSection}>
        <AvatarUploader avatarUrl={profile.avatarUrl} name={profile.displayName} prepare={prepareAvatar} />
      </FormSection>

      <FormActions aboveBottomNav={false}>
        <Button variant="ghost" size="lg" onClick={onSkip} disabled={busy} className="flex-1 sm:flex-none">
          {PROFILE_SCREEN_TEXTS.skipOnboarding}
        </Button>
        <Button type="submit" size="lg" disabled={busy} className="flex-1 sm:flex-none">
          {isSubmitting ? <Spinner className="text-primary-foreground" label={F.saving} /> : null}
          {T.save}
        </Button>
      </FormActions>
    </form>
  );
}

function Optional({ text }: { text: string }) {
  return (
    <>
      {text} <span className="font-normal text-muted-foreground">{F.optional}</span>
    </>
  );
}
