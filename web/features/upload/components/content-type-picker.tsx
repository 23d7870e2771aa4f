// The Photo / Audio / Video choice of the create-post screen (spec §2). A radio group, so arrow
// keys move between the three and screen readers announce one choice of three.
import { Image as ImageIcon, Music2, Video } from "lucide-react";
import { RadioGroup } from "radix-ui";
import type { ContentType } from "@shared/constants";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";

const CONTENT_TYPE_OPTIONS = [
  { value: "image", label: UPLOAD_SCREEN_TEXTS.types.image, icon: ImageIcon },
  { value: "audio", label: UPLOAD_SCREEN_TEXTS.types.audio, icon: Music2 },
  { value: "video", label: UPLOAD_SCREEN_TEXTS.types.video, icon: Video },
] as const satisfies ReadonlyArray<{ value: ContentType; label: string; icon: unknown }>;

export function ContentTypePicker({
  value,
  onChange,
  disabled,
}: {
  value: ContentType | null;
  onChange: (value: ContentType) => void;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      aria-label={UPLOAD_SCREEN_TEXTS.typeLabel}
      value={value ?? ""}
      onValueChange={(next) => onChange(next as ContentType)}
      disabled={disabled}
      className="grid grid-cols-3 gap-2"
    >
      {CONTENT_TYPE_OPTIONS.map((option) => {
        const Icon = option.icon;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            data-haptic="light"
            className={cn(
              "group flex flex-col items-center gap-1.5 rounded-2xl border border-border bg-card px-2 py-3 text-sm font-medium transition",
              "hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              "data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground data-[state=checked]:shadow-[0_8px_24px_-12px_var(--color-glow)]",
              "disabled:opacity-60",
            )}
          >
            <span className="flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground transition group-data-[state=checked]:bg-gradient-to-br group-data-[state=checked]:from-amber-400 group-data-[state=checked]:via-orange-500 group-data-[state=checked]:to-rose-500 group-data-[state=checked]:text-white">
              <Icon className="size-5" aria-hidden />
            </span>
            <span>{option.label}</span>
            <span className="text-[11px] font-normal text-muted-foreground">{UPLOAD_SCREEN_TEXTS.upTo(option.value)}</span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
