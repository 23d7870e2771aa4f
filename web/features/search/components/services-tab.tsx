// The Services tab (first document §2 Services; §7 search services, limit 15; §9 price display):
// 'Professional Services', each card linking to /service/{id} with its name, category, author,
// description, price ('$price' with '/hour' or '/session'), turnaround in days and the
// 'Scheduling Required' badge. Without a query it lists every service, newest first.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { CatalogueCard } from "@web/components/catalogue-card";
import { PagedList } from "@web/components/paged-list";
import { Skeleton } from "@web/components/ui/skeleton";
import { serviceSearchInfiniteQueryOptions } from "../api";
import { EmptyState } from "./empty-state";

const T = SEARCH_SCREEN_TEXTS;

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
        loadingLabel={T.a11y.loadingServices}
        loadingMoreLabel={T.a11y.loadingMoreServices}
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
        renderItem={(service) => <CatalogueCard layout="result" service={service} />}
      />
    </section>
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
