// The Explore tab's advanced filters (first document §2 Explore, §3 search filters, §4 sort and
// profession options): content type, location, profession, sort, verified and has-services. The
// values live in the URL; this panel only reports changes. Location is typed, so it follows the
// same 300 ms pause as the search box before it becomes a filter.
import { SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { CONTENT_TYPES, PROFESSIONS, SEARCH_SORTS } from "@shared/constants";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { SelectField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { cn } from "@web/lib/cn";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { SEARCH_DEBOUNCE_MS } from "@shared/search-api";
import { activeFilterCount, type SearchFilters } from "../search-params";

const T = SEARCH_SCREEN_TEXTS.filters;

export interface ExploreFiltersProps {
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
  onClear: () => void;
}

export function ExploreFilters({ filters, onChange, onClear }: ExploreFiltersProps) {
  const active = activeFilterCount(filters);
  // Opened by default when a link arrives with filters, so the reader sees why the list is short.
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  return (
    <section aria-label={T.title} className="rounded-[var(--radius-card)] border bg-card shadow-sm">
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="filters-toggle"
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          {T.toggle}
          {active > 0 ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{T.active(active)}</span>
          ) : null}
        </button>
        {active > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden /> {T.clear}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={panelId} className="grid gap-4 border-t px-4 pt-4 pb-5 sm:grid-cols-2" data-testid="filters-panel">
          <ChipGroup
            className="sm:col-span-2"
            legend={T.contentType}
            name="contentType"
            value={filters.contentType ?? "all"}
            options={(["all", ...CONTENT_TYPES] as const).map((value) => ({ value, label: T.contentTypes[value] }))}
            onChange={(value) => onChange({ contentType: value === "all" ? undefined : (value as SearchFilters["contentType"]) })}
          />
          <LocationField value={filters.location ?? ""} onSettled={(location) => onChange({ location: location || undefined })} />
          <SelectField
            label={T.profession}
            placeholder={T.anyProfession}
            options={PROFESSIONS}
            value={filters.profession ?? ""}
            onChange={(event) => onChange({ profession: (event.target.value || undefined) as SearchFilters["profession"] })}
          />
          <ChipGroup
            className="sm:col-span-2"
            legend={T.sortBy}
            name="sortBy"
            value={filters.sortBy ?? "relevance"}
            options={SEARCH_SORTS.map((value) => ({ value, label: T.sorts[value] }))}
            onChange={(value) => onChange({ sortBy: value === "relevance" ? undefined : (value as SearchFilters["sortBy"]) })}
          />
          <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2">
            <Toggle label={T.verified} checked={filters.verified === true} onChange={(checked) => onChange({ verified: checked || undefined })} />
            <Toggle label={T.hasServices} checked={filters.hasServices === true} onChange={(checked) => onChange({ hasServices: checked || undefined })} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Location is typed: it becomes a filter once the typing pauses, and follows back/forward. */
function LocationField({ value, onSettled }: { value: string; onSettled: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const reported = useRef(value);
  // A URL change from elsewhere (back, Clear filters) replaces what is in the field.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const next = settled.trim();
    if (next === reported.current) return;
    reported.current = next;
    onSettled(next);
  }, [settled, onSettled]);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{T.location}</Label>
      <Input id={id} value={text} maxLength={100} placeholder={T.locationPlaceholder} autoComplete="off" onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

interface ChipOption {
  value: string;
  label: string;
}

/** A radio group drawn as chips: one choice, arrow keys move between them (native radios). */
function ChipGroup({ legend, name, value, options, onChange, className }: { legend: string; name: string; value: string; options: ChipOption[]; onChange: (value: string) => void; className?: string }) {
  return (
    <fieldset className={cn("space-y-2", className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full"
            />
            <span
              className={cn(
                "pointer-events-none inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium transition",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
                value === option.value ? "border-primary bg-primary text-primary-foreground" : "border-input text-foreground peer-hover:bg-muted",
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A switch built on a native checkbox, so forms, labels and screen readers treat it as one. */
function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-3 text-sm font-medium">
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} className="peer sr-only" />
      <span
        aria-hidden
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          checked ? "bg-primary" : "bg-muted-foreground/30",
        )}
      >
        <span className={cn("absolute left-0.5 size-5 rounded-full bg-white shadow transition-transform", checked && "translate-x-5")} />
      </span>
      {label}
    </label>
  );
}
