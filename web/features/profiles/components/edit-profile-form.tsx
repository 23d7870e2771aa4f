// The /edit-profile form (spec §2 Profile editing; §5 profile rules; §8 'Profile updated' /
// 'Update failed'): avatar, username, display name and bio, and (because the public profile shows
// them and nothing else edits them) profession, location, website and skills. Only the fields the
// user changed are checked and sent (a PATCH: an untouched field keeps its value, even one written
// before today's rules); the shared profileUpdateSchema checks them here and again on the server.
// A name another user took in the meantime comes back as 409 and is shown on the username field.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { PROFESSIONS, TEXT_LIMITS, type Profession } from "@shared/constants";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { profileUpdateSchema, type OwnProfile, type ProfileUpdateInput } from "@shared/profile-api";
import { FormField, SelectField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { useUpdateProfile } from "../api";
import { AvatarUploader } from "./avatar-uploader";
import { FormActions, FormSection } from "./form-section";
import { useUsernameAvailability, UsernameField } from "./username-field";

const T = PROFILE_SCREEN_TEXTS.editProfile;
const F = PROFILE_SCREEN_TEXTS.form;

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

const checkUpdate = zodResolver(profileUpdateSchema);

/**
 * Validates only what differs from `initial`. With nothing changed the answer is an empty update,
 * which the form treats as "nothing to save" rather than the schema's 'Nothing to update'.
 */
function changedFieldsResolver(initial: ProfileUpdateInput): Resolver<ProfileUpdateInput, unknown, ProfileUpdate> {
  return (values, context, options) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([field, value]) => value !== initial[field as keyof ProfileUpdateInput]),
    ) as ProfileUpdateInput;
    if (Object.keys(changed).length === 0) return { values: {} as ProfileUpdate, errors: {} };
    return checkUpdate(changed, context, options);
  };
}

/** The form's text as the profile holds it; skills are edited as one comma-separated line. */
function defaultsOf(profile: OwnProfile): ProfileUpdateInput {
  return {
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio ?? "",
    profession: (profile.profession as Profession | null) ?? "",
    location: profile.location ?? "",
    websiteUrl: profile.websiteUrl ?? "",
    skills: profile.skills.join(", "),
  };
}

/**
 * The spec's professions, plus the profile's own when it is not one of them (written before the
 * list applied), so the field shows what the profile says; it is only sent if changed.
 */
function professionOptions(current: string | null): readonly string[] {
  return current && !(PROFESSIONS as readonly string[]).includes(current) ? [current, ...PROFESSIONS] : PROFESSIONS;
}

export interface EditProfileFormProps {
  profile: OwnProfile;
  /** After a save (with the saved profile) and on Cancel: both return to /dashboard (§2). */
  onSaved: (profile: OwnProfile) => void;
  onCancel: () => void;
  /** Called when a new picture was stored (it is saved at once, not with the form). */
  onAvatarUploaded?: (profile: OwnProfile) => void;
  /** The avatar uploader's image preparation, injectable for tests. */
  prepareAvatar?: (file: File) => Promise<Blob>;
}

export function EditProfileForm({ profile, onSaved, onCancel, onAvatarUploaded, prepareAvatar }: EditProfileFormProps) {
  // The profile as the form opened: a new picture saved meanwhile does not reset what was typed.
  const [initial] = useState(() => defaultsOf(profile));
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: changedFieldsResolver(initial),
    defaultValues: initial,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const update = useUpdateProfile();
  const { errors, isSubmitting } = form.formState;
  const username = form.watch("username") ?? "";
  const bio = form.watch("bio") ?? "";
  const skills = form.watch("skills");
  const availability = useUsernameAvailability(username, profile.username);

  const onSubmit = form.handleSubmit(async (values) => {
    if (Object.keys(values).length === 0) return onSaved(profile);
    try {
      const saved = await update.mutateAsync(values);
      notifySuccess(PROFILE_TEXTS.updated.title, { description: PROFILE_TEXTS.updated.description, id: "profile-save" });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) {
        form.setError("username", { message: PROFILE_TEXTS.usernameTaken.description }, { shouldFocus: true });
        notifyError(PROFILE_TEXTS.usernameTaken.description, { title: PROFILE_TEXTS.usernameTaken.title, id: "profile-save" });
        return;
      }
      // A refusal of one field carries that field's message; anything else is the spec's words.
      const description = error instanceof ApiClientError && error.status === 400 ? error.message : PROFILE_TEXTS.updateFailed.description;
      notifyError(description, { title: PROFILE_TEXTS.updateFailed.title, id: "profile-save" });
    }
  });

  const skillCount = typeof skills === "string" ? skills.split(",").filter((skill) => skill.trim() !== "").length : (skills?.length ?? 0);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.formLabel} className="space-y-5">
      <FormSection title={F.pictureSection}>
        <AvatarUploader avatarUrl={profile.avatarUrl} name={profile.displayName} onUploaded={onAvatarUploaded} prepare={prepareAvatar} />
      </FormSection>

      <FormSection title={T.aboutSection}>
        <UsernameField availability={availability} error={errors.username?.message} {...form.register("username")} />
        <FormField
          label={T.displayName}
          autoComplete="name"
          maxLength={TEXT_LIMITS.displayNameMax}
          hint={T.displayNameHint}
          error={errors.displayName?.message}
          {...form.register("displayName")}
        />
        <TextareaField
          label={F.bio}
          rows={4}
          limit={TEXT_LIMITS.bio}
          length={bio.length}
          placeholder={F.bioPlaceholder}
          error={errors.bio?.message}
          {...form.register("bio")}
        />
      </FormSection>

      <FormSection title={F.professionalSection}>
        <SelectField label={F.profession} options={professionOptions(profile.profession)} placeholder={F.professionPlaceholder} error={errors.profession?.message} {...form.register("profession")} />
        <FormField label={F.location} autoComplete="address-level2" placeholder={F.locationPlaceholder} maxLength={TEXT_LIMITS.location} error={errors.location?.message} {...form.register("location")} />
        <FormField
          label={T.website}
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={T.websitePlaceholder}
          error={errors.websiteUrl?.message}
          {...form.register("websiteUrl")}
        />
        <FormField
          label={T.skills}
          placeholder={T.skillsPlaceholder}
          hint={T.skillsHint(skillCount)}
          error={errors.skills?.message}
          {...form.register("skills")}
        />
      </FormSection>

      <FormActions>
        <Button variant="outline" size="lg" onClick={onCancel} disabled={isSubmitting} className="flex-1 sm:flex-none">
          {T.cancel}
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting} className="flex-1 sm:flex-none">
          {isSubmitting ? <Spinner className="text-primary-foreground" label={F.saving} /> : null}
          {T.save}
        </Button>
      </FormActions>
    </form>
  );
}
