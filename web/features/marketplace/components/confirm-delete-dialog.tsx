// The question a delete asks first (second document §2 Services and Products: delete per card,
// and DESIGN.md's habit of confirming anything that cannot be undone). The dialog stays open
// while the delete runs, so a slow network cannot make the tap look ignored.
import { Trash2 } from "lucide-react";
import { MARKET_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  /** Where the focus goes as the question closes (Radix's hook); by default back to its opener. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ConfirmDeleteDialog({ open, onOpenChange, title, description, pending, onConfirm, onCloseAutoFocus }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" hideClose data-testid="confirm-delete" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {MARKET_SCREEN_TEXTS.dialog.cancel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="text-destructive-foreground" label={MARKET_SCREEN_TEXTS.dialog.deleting} /> : <Trash2 aria-hidden />}
            {MARKET_SCREEN_TEXTS.dialog.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
