// The email field of the sign-in, sign-up and reset-request forms: the same label, keyboard,
// autofill hint and placeholder everywhere.
import { AUTH_SCREEN_TEXTS } from "@shared/messages";
import { FormField, type FormFieldProps } from "@web/components/form-field";

export function EmailField(props: Omit<FormFieldProps, "label" | "type" | "autoComplete" | "inputMode" | "placeholder">) {
  return <FormField label={AUTH_SCREEN_TEXTS.email.label} type="email" autoComplete="email" inputMode="email" placeholder={AUTH_SCREEN_TEXTS.email.placeholder} {...props} />;
}
