// Labelled form fields with their validation message, for every form in the app (the auth forms,
// the upload form, the edit dialog, the profile forms). The message is linked with aria-describedby and the control
// marked aria-invalid, so screen readers announce the spec's text with the field. A textarea
// field with a `limit` shows a live "n/max" counter, as the spec's caption and comment fields do.
import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@web/lib/cn";
import { fieldClasses, Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Rendered under the control, above the error (the password strength meter, tag chips). */
  below?: ReactNode;
}

/** The ids and aria attributes that tie a control to its hint and error. */
function useFieldIds(id: string | undefined, { hint, error }: Pick<FieldFrameProps, "hint" | "error">, extra?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [extra, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { controlId, errorId, hintId, describedBy, invalid: error ? true : undefined };
}

function FieldMessages({ hint, hintId, below, error, errorId }: Omit<FieldFrameProps, "label"> & { hintId: string; errorId: string }) {
  return (
    <>
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
    </>
  );
}

export type FormFieldProps = FieldFrameProps & ComponentProps<typeof Input>;

export function FormField({ label, error, hint, below, id, ...inputProps }: FormFieldProps) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={ids.controlId} className="flex items-center gap-1.5">
        {label}
      </Label>
      <Input id={ids.controlId} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...inputProps} />
      <FieldMessages hint={hint} hintId={ids.hintId} below={below} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextareaFieldProps = FieldFrameProps &
  ComponentProps<typeof Textarea> & {
    /** The limit; shows the counter and sets maxLength. */
    limit: number;
    /** The current length, for the counter (the caller holds the value). */
    length: number;
  };

export function TextareaField({ label, error, hint, below, id, limit, length, ...textareaProps }: TextareaFieldProps) {
  const counterId = `${useId()}-counter`;
  const ids = useFieldIds(id, { hint, error }, counterId);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <Label htmlFor={ids.controlId}>{label}</Label>
        <span id={counterId} className={cn("text-xs tabular-nums text-muted-foreground", length >= limit && "text-destructive")}>
          {length}/{limit}
        </span>
      </div>
      <Textarea id={ids.controlId} maxLength={limit} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...textareaProps} />
      <FieldMessages hint={hint} hintId={ids.hintId} below={below} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldFrameProps &
  ComponentProps<"select"> & {
    options: readonly string[];
    /** The first, empty choice ("Choose your profession"); selecting it means "none". */
    placeholder: string;
    /** What each option reads as, when the stored value is not fit to show ("per_session"). */
    optionLabel?: (option: string) => string;
  };

/** A native select: on phones it opens the platform's own picker, which suits a short fixed list. */
export function SelectField({ label, error, hint, below, id, options, placeholder, optionLabel, className, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={ids.controlId}>{label}</Label>
      <div className="relative">
        <select
          id={ids.controlId}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          className={cn(fieldClasses, "h-11 appearance-none py-2 pr-10", className)}
          {...selectProps}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} below={below} error={error} errorId={ids.errorId} />
    </div>
  );
}
