// Create Invoice (DESIGN.md "Create Invoice": a custom offer the buyer pays through checkout;
// decision record 0050). The seller names the buyer by username and writes title, description,
// price and delivery days; the shared createOfferBodySchema checks the form with the Worker's own
// rules and messages, each shown under its field. A refusal by the server (an unknown username,
// one's own) is shown in place too; success closes the dialog with a toast.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { PAYMENTS_TEXTS } from "@shared/messages";
import { createOfferBodySchema, OFFER_LIMITS, type CreateOfferBody } from "@shared/payments-api";
import { FormField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { useCreateOffer } from "../api";

const T = PAYMENTS_TEXTS;

interface InvoiceFormValues {
  username: string;
  title: string;
  description: string;
  price: string;
  deliveryDays: string;
}

const EMPTY: InvoiceFormValues = { username: "", title: "", description: "", price: "", deliveryDays: "" };

const checkBody = zodResolver(createOfferBodySchema);

/** Checks with the shared schema and hands the typed values on unchanged (the Worker parses them). */
const invoiceResolver: Resolver<InvoiceFormValues> = async (values, context, options) => {
  const result = await checkBody(values as InvoiceFormValues & CreateOfferBody, context, options as never);
  const errors = result.errors as FieldErrors<InvoiceFormValues>;
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values, errors: {} };
};

/** Which field a refusal of the server belongs to, so it is shown in place. */
function fieldOf(error: ApiClientError): keyof InvoiceFormValues | null {
  if (error.message === T.userNotFound || error.message === T.ownOffer || error.message === T.usernameRequired) return "username";
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues;
  const path = issues?.[0]?.path;
  return path && path in EMPTY ? (path as keyof InvoiceFormValues) : null;
}

interface CreateInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateInvoiceDialog({ open, onOpenChange }: CreateInvoiceDialogProps) {
  const form = useForm<InvoiceFormValues>({ resolver: invoiceResolver, defaultValues: EMPTY, mode: "onSubmit", reValidateMode: "onChange" });
  const create = useCreateOffer();
  const { errors, isSubmitting } = form.formState;
  const description = form.watch("description") ?? "";

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const offer = await create.mutateAsync(values);
      const name = offer.counterpart.displayName || offer.counterpart.username || values.username;
      notifySuccess(T.offerSent, { id: "offer-create", description: T.offerSentTo(name) });
      onOpenChange(false);
    } catch (error) {
      const field = error instanceof ApiClientError ? fieldOf(error) : null;
      if (field && error instanceof ApiClientError) form.setError(field, { type: "server", message: error.message }, { shouldFocus: true });
      else notifyError(error instanceof Error ? error.message : T.loadFailed, { id: "offer-create" });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-xl" data-testid="create-invoice-dialog">
        <DialogHeader>
          <DialogTitle>{T.createInvoice}</DialogTitle>
          <DialogDescription>{T.createInvoiceIntro}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={T.createInvoice} className="space-y-4">
          <FormField
            label={T.username}
            placeholder={T.usernamePlaceholder}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={OFFER_LIMITS.usernameMax}
            error={errors.username?.message}
            disabled={isSubmitting}
            {...form.register("username")}
          />
          <FormField label={T.offerTitle} required maxLength={OFFER_LIMITS.titleMax} autoComplete="off" error={errors.title?.message} disabled={isSubmitting} {...form.register("title")} />
          <TextareaField
            label={T.offerDescription}
            rows={3}
            limit={OFFER_LIMITS.descriptionMax}
            length={description.length}
            error={errors.description?.message}
            disabled={isSubmitting}
            {...form.register("description")}
          />
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label={T.offerPrice}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required
              error={errors.price?.message}
              disabled={isSubmitting}
              {...form.register("price")}
            />
            <FormField
              label={T.deliveryDays}
              type="number"
              inputMode="numeric"
              min={1}
              max={OFFER_LIMITS.deliveryDaysMax}
              step={1}
              required
              error={errors.deliveryDays?.message}
              disabled={isSubmitting}
              {...form.register("deliveryDays")}
            />
          </div>
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-primary-foreground" label={T.sending} /> : null}
              {T.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
