import { PROFILE_LIMITS, TEXT_LIMITS, type ContentType } from "../constants";
import { ACCOUNT_TEXTS } from "./account";

// Profiles, the dashboard and onboarding (second document §2, §5, §8). Where the spec gives a
// title and a description, the API's error message is the description and the SPA shows the
// title above it.

export const PROFILE_TEXTS = {
  notFound: "Profile not found",
  loadFailed: "Failed to load profile",
  updated: { title: "Profile updated", description: "Your profile has been successfully updated" },
  updateFailed: { title: "Update failed", description: "Failed to update profile" },
  usernameRequired: { title: "Username required", description: "Please enter a username" },
  usernameTaken: { title: "Username taken", description: ACCOUNT_TEXTS.usernameTaken },
  avatarInvalidType: { title: "Invalid file type", description: "Please select an image file" },
  avatarTooLarge: { title: "File too large", description: `Please select an image under ${PROFILE_LIMITS.avatarMaxMb}MB` },
  avatarUploadFailed: { title: "Upload failed", description: "Failed to upload profile picture" },
  // The spec shows limits or required fields for these but no message; these are ours.
  bioTooLong: `Bio must be at most ${TEXT_LIMITS.bio} characters`,
  displayNameTooLong: ACCOUNT_TEXTS.displayNameTooLong,
  professionRequired: "Please choose your profession",
  professionInvalid: "Please choose a profession from the list",
  locationTooLong: `Location must be at most ${TEXT_LIMITS.location} characters`,
  websiteInvalid: "Please enter a website address starting with http:// or https://",
  websiteTooLong: `Website address must be at most ${TEXT_LIMITS.websiteUrl} characters`,
  skillTooLong: `Each skill must be at most ${TEXT_LIMITS.skill} characters`,
  tooManySkills: `Add at most ${PROFILE_LIMITS.skillsMax} skills`,
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  nameTooLong: `Names must be at most ${TEXT_LIMITS.personName} characters`,
  phoneInvalid: "Please enter a valid phone number",
  yearsExperienceInvalid: `Experience must be a whole number of years from 0 to ${PROFILE_LIMITS.yearsExperienceMax}`,
  hourlyRateInvalid: "Hourly rate must be an amount in dollars and cents",
  nothingToUpdate: "Nothing to update",
  /** "+N more" after the first five skills (second document §9). */
  moreSkills: (count: number) => `+${count} more`,
} as const;

/** The cards chat apps show for a shared /profile/{id}, /post/{id}, /service/{id} or /product/{id} link (ours). */
export const LINK_PREVIEW_TEXTS = {
  profileTitle: (displayName: string, username: string) => `${displayName} (@${username})`,
  profileDescription: (displayName: string) => `${displayName} on Backline, the network for music professionals.`,
  postTitle: (displayName: string) => `${displayName} on Backline`,
  postDescription: (contentType: ContentType, username: string) => `A new ${contentType} post by @${username} on Backline.`,
  itemTitle: (name: string, price: string) => `${name} · ${price}`,
  serviceDescription: (username: string) => `A service by @${username} on Backline.`,
  productDescription: (type: "digital" | "physical", username: string) => `A ${type} product by @${username} on Backline.`,
} as const;

/** Price lines (second document §9): package pricing on owner lists, 'Starting at' on public pages. */
export const PRICE_TEXTS = {
  packagePricing: "Package pricing",
  startingAt: (price: string) => `Starting at ${price}`,
  contactForPricing: "Contact for pricing",
  perHour: "/hour",
  perSession: "/session",
} as const;