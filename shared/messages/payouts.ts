// Seller payouts (Stripe Connect Express, decision records 0039 and 0081) and the sentences we show
// in place of Stripe's own words: what Stripe still needs from a seller, why an account is
// disabled, and what went wrong when Stripe refused a call. Stripe's requirement codes and raw
// error messages never reach a screen (they can name internal ids or keys); these do. All ours.

export const PAYOUT_TEXTS = {
  /** Buy Now disabled, and checkout's refusal: the seller cannot be paid yet. */
  sellerNotPayable: "This seller has not set up payouts yet, so their items cannot be bought by card.",
  /** Onboarding asked for where payments are unavailable (production without Stripe keys). */
  unavailable: "Payouts are not available right now. Please try again later.",
  /** The TEST MODE onboarding page asked for outside test mode. */
  notTestMode: "Test onboarding is only available in test mode",
  /**
   * What Stripe still needs, by kind of requirement (Stripe's codes are grouped by prefix in
   * worker/lib/payouts.ts; one sentence per kind, however many codes ask for it).
   */
  requirements: {
    bankAccount: "Add the bank account your payouts go to.",
    identityDocument: "Upload a photo of an identity document.",
    dateOfBirth: "Enter your date of birth.",
    idNumber: "Enter your tax identification number (for example the last 4 digits of your SSN).",
    companyTaxId: "Enter your business's tax ID.",
    name: "Enter your legal name.",
    address: "Enter your address.",
    phone: "Enter your phone number.",
    email: "Enter your email address.",
    terms: "Accept Stripe's services agreement.",
    website: "Add a website or a profile link that shows your work.",
    businessDescription: "Describe what you sell.",
    businessType: "Say whether you sell as an individual or a business.",
    businessDetails: "Complete your business details.",
    people: "Add the owners and representatives of your business.",
    settings: "Complete your payout settings.",
    other: "Stripe needs more information to verify your account.",
  },
  /** Why Stripe disabled the account (requirements.disabled_reason), in our words. */
  disabled: {
    pastDue: "Payouts are paused until the missing details are given.",
    pendingVerification: "Stripe is verifying your details.",
    underReview: "Stripe is reviewing your account.",
    rejected: "Stripe has closed this account for payments. Contact Stripe support for details.",
    platformPaused: "Payouts for this account are paused by Backline. Contact support.",
    capabilities: "Stripe needs you to confirm how you will take payments.",
    other: "Stripe has paused payments for this account. Open your payout details to see why.",
  },
  /** Stripe refused or could not be reached; the raw error is logged, never shown. */
  stripeErrors: {
    card: "The card was declined.",
    rateLimited: "The payment provider is busy. Please try again in a moment.",
    connection: "The payment provider could not be reached. Please try again.",
    api: "The payment provider had a problem. Please try again later.",
    invalidRequest: "The payment provider could not accept this request.",
    configuration: "Payments are not configured correctly. Please contact support.",
    other: "The payment provider could not complete the request.",
  },
  /** The local stand-in for Stripe's onboarding (test mode, no keys). */
  testPage: {
    title: "TEST MODE: Payout onboarding",
    banner: "TEST MODE: no real account is created and no bank or identity details are asked for.",
    intro: "Choose how this pretend onboarding ends. You return to Payments afterwards.",
    complete: "Complete onboarding",
    unfinished: "Leave details unfinished",
  },
} as const;
