// The email field of the sign-in, sign-up and reset-request forms: the same label, keyboard,
// autofill hint and placeholder everywhere.
import { FormField, type FormFieldProps } from "../../../components/form-field";

export function EmailField(props: Omit<FormFieldProps, "label" | "type" | "autoComplete" | "inputMode" | "placeholder">) {
  return <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...props} />;
}
