// A short set of exclusive choices (pricing model, digital or physical) as segmented radio
// buttons: every option is visible at once, which a native select on a phone would hide.
import { useId, type ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export interface ChoiceGroupProps extends Omit<ComponentProps<"input">, "type"> {
  legend: string;
  options: readonly { value: string; label: string }[];
  error?: string;
}

/** `ref` goes to every radio: react-hook-form's register keeps one ref per radio of a group. */
export function ChoiceGroup({ legend, options, error, className, ref, ...inputProps }: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset className={cn("flex flex-col gap-2", className)} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-muted p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-10 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium text-muted-foreground transition has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:disabled]:opacity-50"
          >
            <input ref={ref} type="radio" value={option.value} className="sr-only" {...inputProps} />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
