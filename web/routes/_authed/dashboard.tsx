// Spec marketplace-messaging-account §2 Dashboard (/dashboard): a header (back link to /feed,
// avatar and name, Bookmarks, Edit Profile, Logout); a left column with the profile overview and
// the professional tools; a right column with tabs Posts (5 latest), Bookmarks, Services (3, then
// 'View All' to /services) and Products (3, then 'View All' to /products) (§9 previews). Without a
// profile: 'Profile not found' and a Sign Out button. On a phone the columns stack. Two more
// tabs, Purchases and Sales, hold the signed-in user's orders on each side.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AudioLines, LogOut, Package, Plus, RefreshCw, UserX, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { CHECKOUT_SCREEN_TEXTS, PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { showAuthError } from "@web/features/auth/errors";
import { useSignOut } from "@web/features/auth/hooks";
import { OrderList } from "@web/features/checkout/components/order-list";
import { PostCard } from "@web/features/posts/components/post-card";
import { PostCardSkeleton } from "@web/features/posts/components/post-card-skeleton";
import { dashboardQueryOptions, isNotFound } from "@web/features/profiles/api";
import { DashboardHeader, DashboardSkeleton, ProfessionalTools, ProfileOverview } from "@web/features/profiles/components/dashboard-panels";
import { EmptyItems, ProductItem, ServiceItem } from "@web/features/profiles/components/seller-items";
import { SECURITY_STORAGE_KEYS } from "@web/features/security/local-log";
import { BookmarksList } from "@web/features/social/components/bookmarks-list";
import { PostActions } from "@web/features/social/components/post-actions";
import { appPaths, professionalToolPaths, profilePath } from "@web/lib/app-paths";
import { optionalOneOf } from "@web/lib/search-params";

// Purchases and Sales are the order lists (the checkout feature renders them).
const TABS = ["posts", "bookmarks", "services", "products", "purchases", "sales"] as const;

const T = PROFILE_SCREEN_TEXTS.dashboard;

export const Route = createFileRoute("/_authed/dashboard")({
  validateSearch: (search): { tab?: (typeof TABS)[number] } => ({ tab: optionalOneOf(search.tab, TABS) }),
  // Started here, not awaited (decision record 0016): the skeleton shows at once.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardQueryOptions());
  },
  // Two columns on a desktop: the signed-in layout widens its content for this screen.
  staticData: { layout: "wide" },
  component: DashboardPage,
});

function DashboardPage() {
  const { user } = Route.useRouteContext();
  const { tab = "posts" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const dashboard = useQuery(dashboardQueryOptions());
  const signOut = useSignOut({ keepStorageKeys: SECURITY_STORAGE_KEYS });
  const logout = () => signOut.mutateAsync("local").catch(showAuthError);

  if (dashboard.isPending) {
    return (
      <Frame>
        <DashboardSkeleton />
      </Frame>
    );
  }

  if (isNotFound(dashboard.error)) {
    return (
      <Frame>
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="dashboard-not-found">
          <UserX className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="font-display text-xl font-semibold">{PROFILE_TEXTS.notFound}</h1>
          <Button variant="outline" onClick={() => void logout()} disabled={signOut.isPending}>
            <LogOut aria-hidden /> {T.signOut}
          </Button>
        </div>
      </Frame>
    );
  }

  if (!dashboard.data) {
    return (
      <Frame>
        <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="dashboard-load-failed">
          <h1 className="font-display text-lg font-semibold">{PROFILE_TEXTS.loadFailed}</h1>
          <Button variant="outline" onClick={() => void dashboard.refetch()}>
            <RefreshCw aria-hidden /> {T.tryAgain}
          </Button>
        </div>
      </Frame>
    );
  }

  const { profile, posts, services, products, totals } = dashboard.data;
  return (
    <Frame>
      <DashboardHeader profile={profile} onLogout={() => void logout()} loggingOut={signOut.isPending} />
      <div className="mt-6 grid grid-cols-1 gap-5 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <div className="space-y-5">
          <ProfileOverview profile={profile} />
          <ProfessionalTools />
        </div>

        <Tabs
          className="min-w-0"
          value={tab}
          onValueChange={(value) => void navigate({ search: { tab: value === "posts" ? undefined : (value as (typeof TABS)[number]) }, replace: true, resetScroll: false })}
        >
          <TabsList aria-label={T.tabsLabel}>
            <TabsTrigger value="posts">{T.tabs.posts}</TabsTrigger>
            <TabsTrigger value="bookmarks">{T.tabs.bookmarks}</TabsTrigger>
            <TabsTrigger value="services">{T.tabs.services}</TabsTrigger>
            <TabsTrigger value="products">{T.tabs.products}</TabsTrigger>
            <TabsTrigger value="purchases">{CHECKOUT_SCREEN_TEXTS.purchases}</TabsTrigger>
            <TabsTrigger value="sales">{CHECKOUT_SCREEN_TEXTS.sales}</TabsTrigger>
          </TabsList>

          <TabsContent value="posts" className="space-y-4">
            {posts.length === 0 ? (
              <EmptyItems icon={<AudioLines className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noPosts.title} hint={T.noPostsHint}>
                <Link to={appPaths.upload} className={buttonVariants({ size: "sm" })}>
                  <Plus aria-hidden /> {T.createPost}
                </Link>
              </EmptyItems>
            ) : (
              <>
                <ol className="space-y-4" aria-label={T.latestPosts}>
                  {posts.map((post, index) => (
                    <li key={post.id}>
                      <PostCard post={post} priority={index === 0} actionBar={<PostActions post={post} viewerId={user.id} />} />
                    </li>
                  ))}
                </ol>
                {profile.postCount > posts.length ? <ViewAll to={profilePath(profile.userId)} label={T.viewAllPosts} /> : null}
              </>
            )}
          </TabsContent>

          <TabsContent value="bookmarks">
            <BookmarksList
              skeleton={<PostCardSkeleton />}
              renderPost={(post, { index, removeFromList }) => (
                <PostCard post={post} priority={index === 0} onDeleted={removeFromList} actionBar={<PostActions post={post} viewerId={user.id} />} />
              )}
            />
          </TabsContent>

          <TabsContent value="services" className="space-y-3">
            {services.length === 0 ? (
              <EmptyItems icon={<Wrench className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noOwnServices}>
                <Link to={professionalToolPaths.services} className={buttonVariants({ size: "sm" })}>
                  <Plus aria-hidden /> {PROFILE_SCREEN_TEXTS.createFirstService}
                </Link>
              </EmptyItems>
            ) : (
              <>
                <ul className="space-y-3" aria-label={T.yourServices}>
                  {services.map((service) => (
                    <li key={service.id}>
                      <ServiceItem service={service} where="owner" />
                    </li>
                  ))}
                </ul>
                <ViewAll to={professionalToolPaths.services} label={T.viewAll} count={totals.services} />
              </>
            )}
          </TabsContent>

          <TabsContent value="products" className="space-y-3">
            {products.length === 0 ? (
              <EmptyItems icon={<Package className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noOwnProducts}>
                <Link to={professionalToolPaths.products} className={buttonVariants({ size: "sm" })}>
                  <Plus aria-hidden /> {T.addProduct}
                </Link>
              </EmptyItems>
            ) : (
              <>
                <ul className="space-y-3" aria-label={T.yourProducts}>
                  {products.map((product) => (
                    <li key={product.id}>
                      <ProductItem product={product} />
                    </li>
                  ))}
                </ul>
                <ViewAll to={professionalToolPaths.products} label={T.viewAll} count={totals.products} />
              </>
            )}
          </TabsContent>

          <TabsContent value="purchases">
            <OrderList role="buyer" />
          </TabsContent>

          <TabsContent value="sales">
            <OrderList role="seller" />
          </TabsContent>
        </Tabs>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="px-4 pt-5 pb-4 sm:px-6">{children}</div>;
}

function ViewAll({ to, label, count }: { to: string; label: string; count?: number }) {
  return (
    <div className="flex justify-center pt-1">
      <Link to={to} className={buttonVariants({ variant: "outline", size: "sm" })}>
        {label}
        {count !== undefined ? <span className="text-muted-foreground">({count})</span> : null}
      </Link>
    </div>
  );
}
