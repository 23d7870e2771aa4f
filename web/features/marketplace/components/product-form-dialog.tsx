// Add Product / edit product (second document §2 Products, §4 forms, §5 Product form: name and
// price required, the file only for digital products; §8 'Product created successfully', …,
// 'Failed to create product'). The image and, for a digital product, the file are chosen in the
// form and sent once the product is saved, each with its real progress; the dialog closes and
// resets when everything is stored.
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { MARKET_LIMITS, PRODUCT_CATEGORIES, PRODUCT_TYPES } from "@shared/constants";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { FormField, SelectField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import type { OwnerProduct } from "@shared/marketplace-api";
import { useSaveProduct, type SaveProductStep } from "../api";
import { categoryLabel } from "../labels";
import { productFormDefaults, productFormResolver, type ProductFormValues } from "../product-form";
import { checkProductFile, checkProductImage, PRODUCT_FILE_ACCEPT, productSaveFailure, type Progress } from "../uploads";
import { ChoiceGroup } from "./choice-group";
import { FilePicker } from "./file-picker";
import { ImagePicker } from "./image-picker";

const T = MARKET_SCREEN_TEXTS.products;
const F = MARKET_SCREEN_TEXTS.fields;

export interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; absent to create one. */
  product?: OwnerProduct | null;
  /** The product as the server saved it (the payouts notice reads its price and `sellerPayable`). */
  onSaved?: (product: OwnerProduct) => void;
}

export function ProductFormDialog({ open, onOpenChange, product, onSaved }: ProductFormDialogProps) {
  const editing = Boolean(product);
  const form = useForm<ProductFormValues>({
    resolver: productFormResolver,
    defaultValues: productFormDefaults(product ?? null),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const save = useSaveProduct();
  const [image, setImage] = useState<File | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [imageProgress, setImageProgress] = useState<Progress | null>(null);
  const [fileProgress, setFileProgress] = useState<Progress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { errors, isSubmitting } = form.formState;
  const type = form.watch("type");
  const description = form.watch("description") ?? "";

  useEffect(() => {
    if (!open) return;
    form.reset(productFormDefaults(product ?? null));
    setImage(null);
    setFile(null);
    setImageProgress(null);
    setFileProgress(null);
  }, [open, product, form]);
  // Closing the screen mid-upload stops the upload (an unfinished multipart upload can resume).
  useEffect(() => () => abortRef.current?.abort(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    const controller = new AbortController();
    abortRef.current = controller;
    const onStep = (step: SaveProductStep) => {
      if (step.kind === "image") setImageProgress(step.progress);
      else setFileProgress(step.progress);
    };
    try {
      const saved = await save.mutateAsync({
        id: product?.id ?? null,
        values,
        image,
        // A physical product has no file (§5), even if one was chosen before switching type.
        file: values.type === "digital" ? file : null,
        onStep,
        signal: controller.signal,
      });
      notifySuccess(editing ? T.updated : T.created, { id: "product-save" });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      const failure = productSaveFailure(error, editing);
      notifyError(failure.description, { title: failure.title, id: "product-save" });
    } finally {
      setImageProgress(null);
      setFileProgress(null);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-xl" data-testid="product-form-dialog">
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
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label={F.category}
              options={PRODUCT_CATEGORIES}
              optionLabel={categoryLabel}
              placeholder={F.chooseCategory}
              error={errors.category?.message}
              disabled={isSubmitting}
              {...form.register("category")}
            />
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
          </div>
          <ChoiceGroup
            legend={F.type}
            options={PRODUCT_TYPES.map((value) => ({ value, label: MARKET_SCREEN_TEXTS.productTypes[value] }))}
            error={errors.type?.message}
            disabled={isSubmitting}
            {...form.register("type")}
          />
          <ImagePicker
            currentUrl={product?.imageUrl ?? null}
            file={image}
            onChange={setImage}
            progress={imageProgress}
            disabled={isSubmitting}
            check={checkProductImage}
          />
          {type === "digital" ? (
            <FilePicker
              currentFile={product?.file ?? null}
              file={file}
              onChange={setFile}
              progress={fileProgress}
              disabled={isSubmitting}
              accept={PRODUCT_FILE_ACCEPT}
              check={checkProductFile}
            />
          ) : null}
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
