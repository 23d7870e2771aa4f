// A labelled input with its validation message. The message is linked with aria-describedby and
// the input marked aria-invalid, so screen readers announce the spec's text with the field.
import { type ComponentProps, type ReactNode, useId } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

export interface FormFieldProps extends ComponentProps<typeof Input> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered under the input, above the error (the password strength meter). */
  below?: ReactNode;
}

export function FormField({ label, error, hint, below, id, ...inputProps }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {below}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
