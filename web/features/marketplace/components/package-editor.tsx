// The package editor of the service form (DESIGN.md: a structured editor instead of the spec's
// raw JSON text; §3 package_details: sessions, price, description). One row per option a buyer
// can choose; rows are added and removed, and the lowest price is the public 'Starting at'.
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { FormField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { EMPTY_PACKAGE_ROW, type ServiceFormValues } from "../service-form";

const T = MARKET_SCREEN_TEXTS.packageEditor;

export interface PackageEditorProps {
  control: Control<ServiceFormValues>;
  register: UseFormRegister<ServiceFormValues>;
  errors: FieldErrors<ServiceFormValues>;
  disabled?: boolean;
}

export function PackageEditor({ control, register, errors, disabled }: PackageEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "packageDetails" });
  const legendId = useId();
  // An error on the list itself ('Add at least one package option') rather than on one row.
  const listError = errors.packageDetails?.root?.message ?? errors.packageDetails?.message;

  return (
    <fieldset className="space-y-3 rounded-2xl border bg-muted/30 p-3 sm:p-4" aria-describedby={`${legendId}-hint`} data-testid="package-editor">
      <legend className="px-1 text-sm font-semibold">{T.legend}</legend>
      <p id={`${legendId}-hint`} className="text-xs text-muted-foreground">
        {T.hint}
      </p>
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const rowErrors = errors.packageDetails?.[index];
          return (
            <li key={field.id} className="space-y-3 rounded-xl border bg-card p-3" data-testid="package-option">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">{T.option(index + 1)}</span>
                <Button variant="ghost" size="sm" onClick={() => remove(index)} disabled={disabled || fields.length === 1} aria-label={T.remove(index + 1)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <div className="grid grid-cols-2 gap-3">
                <FormField label={T.sessions} type="number" inputMode="numeric" min={1} step={1} disabled={disabled} error={rowErrors?.sessions?.message} {...register(`packageDetails.${index}.sessions`)} />
                <FormField label={T.price} type="number" inputMode="decimal" min={0} step={0.01} disabled={disabled} error={rowErrors?.price?.message} {...register(`packageDetails.${index}.price`)} />
              </div>
              <FormField label={T.description} disabled={disabled} error={rowErrors?.description?.message} {...register(`packageDetails.${index}.description`)} />
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {listError}
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => append({ ...EMPTY_PACKAGE_ROW })} disabled={disabled}>
        <Plus aria-hidden /> {T.add}
      </Button>
    </fieldset>
  );
}
