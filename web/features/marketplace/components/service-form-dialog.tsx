// Add Service / edit service (second document §2 Services: one dialog for create and edit; §4:
// the dialog closes and resets on success; §5 Service form; §8 'Service created successfully',
// 'Service updated successfully'). Price in dollars with step 0.01, required unless the model is
// package, which gets the structured package editor instead (DESIGN.md); turnaround in days.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { MARKET_LIMITS, PRICING_MODELS, SERVICE_CATEGORIES } from "@shared/constants";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { FormField, SelectField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import type { MarketService } from "@shared/marketplace-api";
import { useSaveService } from "../api";
import { categoryLabel } from "../labels";
import { serviceBody, serviceFormDefaults, serviceFormResolver, type ServiceFormValues } from "../service-form";
import { ChoiceGroup } from "./choice-group";
import { PackageEditor } from "./package-editor";

const T = MARKET_SCREEN_TEXTS.services;
const F = MARKET_SCREEN_TEXTS.fields;

export interface ServiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited; absent to create one. */
  service?: MarketService | null;
  /** The service as the server saved it (the payouts notice reads its price and `sellerPayable`). */
  onSaved?: (service: MarketService) => void;
}

export function ServiceFormDialog({ open, onOpenChange, service, onSaved }: ServiceFormDialogProps) {
  const editing = Boolean(service);
  const form = useForm<ServiceFormValues>({
    resolver: serviceFormResolver,
    defaultValues: serviceFormDefaults(service ?? null),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const save = useSaveService();
  const { errors, isSubmitting } = form.formState;
  const pricingModel = form.watch("pricingModel");
  const description = form.watch("description") ?? "";
  const isPackage = pricingModel === "package";

  // Each opening starts from the item being edited, or from an empty form (§4: reset on success).
  useEffect(() => {
    if (open) form.reset(serviceFormDefaults(service ?? null));
  }, [open, service, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: service?.id ?? null, body: serviceBody(values) });
      notifySuccess(editing ? T.updated : T.created, { id: "service-save" });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      // A refusal of one field carries that field's message; anything else is the spec's words.
      const fallback = editing ? T.updateFailed : T.createFailed;
      notifyError(error instanceof ApiClientError && error.status === 400 ? error.message : fallback, { id: "service-save" });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-xl" data-testid="service-form-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? T.editTitle : T.createTitle}</DialogTitle>
          <DialogDescription>{T.formDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={editing ? T.editTitle : T.createTitle} className="space-y-4">
          <FormField label={F.name} required maxLength={MARKET_LIMITS.nameMax} autoComplete="off" error={errors.name?.message} disabled={isSubmitting} {...form.register("name")} />
          <TextareaField
            label={F.description}
            rows={3}
            limit={MARKET_LIMITS.descriptionMax}
            length={description.length}
            error={errors.description?.message}
            disabled={isSubmitting}
            {...form.register("description")}
          />
          <SelectField
            label={F.category}
            options={SERVICE_CATEGORIES}
            optionLabel={categoryLabel}
            placeholder={F.chooseCategory}
            error={errors.category?.message}
            disabled={isSubmitting}
            {...form.register("category")}
          />
          <label className="flex items-start gap-3 rounded-xl border p-3">
            <input type="checkbox" className="mt-0.5 size-5 accent-[var(--color-primary)]" disabled={isSubmitting} {...form.register("needsScheduling")} />
            <span className="space-y-0.5">
              <span className="block text-sm font-medium">{F.needsScheduling}</span>
              <span className="block text-xs text-muted-foreground">{F.needsSchedulingHint}</span>
            </span>
          </label>
          <ChoiceGroup
            legend={F.pricingModel}
            options={PRICING_MODELS.map((value) => ({ value, label: MARKET_SCREEN_TEXTS.pricingModels[value] }))}
            error={errors.pricingModel?.message}
            disabled={isSubmitting}
            {...form.register("pricingModel")}
          />
          <div className={isPackage ? "grid gap-3" : "grid grid-cols-2 gap-3"}>
            {/* A package is priced by its options (§3: price is null for package). */}
            {isPackage ? null : (
              <FormField
                label={F.price}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                error={errors.price?.message}
                disabled={isSubmitting}
                {...form.register("price")}
              />
            )}
            <FormField
              label={F.turnaround}
              type="number"
              inputMode="numeric"
              min={0}
              max={MARKET_LIMITS.turnaroundDaysMax}
              step={1}
              hint={F.turnaroundHint}
              error={errors.turnaroundDays?.message}
              disabled={isSubmitting}
              {...form.register("turnaroundDays")}
            />
          </div>
          {isPackage ? <PackageEditor control={form.control} register={form.register} errors={errors} disabled={isSubmitting} /> : null}
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              {MARKET_SCREEN_TEXTS.dialog.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-primary-foreground" label={MARKET_SCREEN_TEXTS.dialog.saving} /> : null}
              {editing ? T.save : T.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
