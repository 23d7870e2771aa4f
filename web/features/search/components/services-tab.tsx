// The Services tab (first document §2 Services; §7 search services, limit 15; §9 price display):
// 'Professional Services', each card linking to /service/{id} with its name, category, author,
// description, price ('$price' with '/hour' or '/session'), turnaround in days and the
// 'Scheduling Required' badge. Without a query it lists every service, newest first.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BadgeCheck, CalendarClock, Clock, Wrench } from "lucide-react";
import { SEARCH_SCREEN_TEXTS } from "../../../../shared/messages";
import type { ServiceSearchResult } from "../../../../shared/search-api";
import { PagedList } from "../../../components/paged-list";
import { Rating } from "../../../components/rating";
import { Avatar } from "../../../components/ui/avatar";
import { Badge } from "../../../components/ui/badge";
import { Skeleton } from "../../../components/ui/skeleton";
import { servicePath } from "../../../lib/app-paths";
import { serviceSearchInfiniteQueryOptions } from "../api";
import { EmptyState } from "./empty-state";

const T = SEARCH_SCREEN_TEXTS;

/** "mixing" → "Mixing", "per_session" → "Per session". */
function label(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replaceAll("_", " ");
}

export function ServicesTab({ query }: { query: string }) {
  const services = useInfiniteQuery(serviceSearchInfiniteQueryOptions(query));
  return (
    <section aria-labelledby="services-title" className="space-y-3">
      <h2 id="services-title" className="font-display text-lg font-semibold">
        {T.servicesTitle}
      </h2>
      <PagedList
        query={services}
        errorTitle={T.errors.searchFailed.title}
        errorMessage={T.errors.searchFailed.description}
        toastId="search-services"
        label={T.servicesTitle}
        loadingLabel="Loading services"
        loadingMoreLabel="Loading more services"
        skeletons={
          <>
            <ServiceSkeleton />
            <ServiceSkeleton />
            <ServiceSkeleton />
          </>
        }
        empty={<EmptyState icon={<Wrench className="size-6" aria-hidden />} title={T.noServices} />}
        endText=""
        itemKey={(service) => service.id}
        renderItem={(service) => <ServiceResult service={service} />}
      />
    </section>
  );
}

function ServiceResult({ service }: { service: ServiceSearchResult }) {
  const author = service.author;
  return (
    <Link
      to={servicePath(service.id)}
      className="group block space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm transition hover:border-primary/40 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="service-result"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold leading-snug break-words group-hover:text-primary">{service.name}</h3>
          <Badge variant="secondary">{label(service.category)}</Badge>
        </div>
        <span className="shrink-0 text-right font-display text-base font-bold text-primary" data-testid="service-price">
          {service.priceLabel}
        </span>
      </div>
      {service.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
        <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="service-author">
          <Avatar src={author.avatarUrl} name={author.displayName || author.username} size="xs" />
          <span className="truncate font-medium text-foreground">{author.displayName || author.username}</span>
          {author.verified ? <BadgeCheck className="size-3.5 shrink-0 text-primary" aria-label="Verified" role="img" /> : null}
          <span className="truncate">{T.byAuthor(author.username)}</span>
        </span>
        {service.turnaroundDays !== null ? (
          <span className="inline-flex items-center gap-1" data-testid="service-turnaround">
            <Clock className="size-3.5" aria-hidden /> {T.turnaround(service.turnaroundDays)}
          </span>
        ) : null}
        {service.needsScheduling ? (
          <Badge variant="outline">
            <CalendarClock aria-hidden /> {T.schedulingRequired}
          </Badge>
        ) : null}
        <Rating rating={service.rating} className="text-xs" />
      </div>
    </Link>
  );
}

function ServiceSkeleton() {
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] border bg-card p-4" data-testid="service-skeleton">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-16" />
      </div>
      <Skeleton className="h-3.5 w-full" />
      <Skeleton className="h-3.5 w-2/3" />
      <Skeleton className="h-4 w-40" />
    </div>
  );
}
