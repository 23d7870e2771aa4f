// Spec marketplace-messaging-account §2 Public profile (/profile/{userId}), open to visitors (§1,
// §6): the profile's facts, Follow and Contact (hidden on one's own profile; DESIGN.md: Follow
// follows), tabs Posts, Products and Services (and Portfolio), and 'Failed to load profile' / 'Profile not
// found'. Opening someone else's profile records a profile_visit (§7; the Worker decides who
// counts, failures are only logged). Contact opens or creates the conversation and goes to
// /messages?conversation={id}; a visitor is asked to sign in first and then lands on
// /messages?userId={id}, which does the same.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { MessageCircle, Pencil, RefreshCw, UserX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { PORTFOLIO_TEXTS, PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { BottomNav } from "@web/components/app-shell";
import { PublicHeader, SignInCallout } from "@web/components/app-shell/public-page";
import { ReportButton } from "@web/components/report-dialog";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { notifyError } from "@web/components/ui/toast";
import { sessionQueryOptions } from "@web/features/auth/api";
import { UserPostList } from "@web/features/posts/components/feed-list";
import { isNotFound, profileCalls, publicProfileQueryOptions, setProfileFollowing } from "@web/features/profiles/api";
import { ProfileSummary, ProfileSummarySkeleton } from "@web/features/profiles/components/profile-summary";
import { EmptyItems, UserProductsList, UserServicesList } from "@web/features/profiles/components/seller-items";
import { messagingCalls } from "@web/features/messaging/api";
import { PublicPortfolio } from "@web/features/portfolio/components/public-portfolio";
import { SafetyMenu } from "@web/components/safety-menu";
import { FollowButton } from "@web/features/social/components/follow-button";
import { PostActions } from "@web/features/social/components/post-actions";
import { appPaths, messagesWithUserPath } from "@web/lib/app-paths";
import { optionalOneOf } from "@web/lib/search-params";
import { takePrerenderedData } from "@web/lib/prerendered-data";
import { postListInfiniteQueryOptions } from "@web/features/posts/api";
import type { PostPage } from "@shared/posts-api";
import type { PublicProfile } from "@shared/profile-api";

const T = PROFILE_SCREEN_TEXTS.publicProfile;

const TABS = ["posts", "products", "services", "portfolio"] as const;
type ProfileTab = (typeof TABS)[number];

export const Route = createFileRoute("/profile/$userId")({
  validateSearch: (search): { tab?: ProfileTab } => ({ tab: optionalOneOf(search.tab, TABS) }),
  // Started here, not awaited (decision record 0016): the frame and skeletons show at once.
  // On the page the Worker painted (decision record 0097) the profile and its first posts are
  // already here.
  loader: async ({ context, params }) => {
    const painted = takePrerenderedData("profile", params.userId);
    if (painted?.profile) context.queryClient.setQueryData(publicProfileQueryOptions(params.userId).queryKey, painted.profile as PublicProfile);
    if (painted?.posts) {
      const firstPage = painted.posts as PostPage;
      context.queryClient.setQueryData(postListInfiniteQueryOptions({ kind: "user", userId: params.userId }).queryKey, { pages: [firstPage], pageParams: [null] });
    }
    if (!painted) void context.queryClient.prefetchQuery(publicProfileQueryOptions(params.userId));
    else await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { userId } = Route.useParams();
  const { tab = "posts" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const profile = useQuery(publicProfileQueryOptions(userId));
  const viewerId = session.isPending ? undefined : (session.data?.user?.id ?? null);
  const signedIn = typeof viewerId === "string";
  const isSelf = profile.data?.viewer?.isSelf ?? viewerId === userId;
  const here = `/profile/${userId}`;
  const notFound = isNotFound(profile.error);

  // §8: a failed profile load is also an Error toast.
  useEffect(() => {
    if (profile.error && !notFound) notifyError(PROFILE_TEXTS.loadFailed, { id: `profile-${userId}` });
  }, [profile.error, profile.errorUpdatedAt, notFound, userId]);

  // One visit per opening of the page (the Worker also folds repeats within half an hour).
  const visited = useRef<string | null>(null);
  const loadedId = profile.data?.userId;
  useEffect(() => {
    if (!loadedId || isSelf || visited.current === loadedId) return;
    visited.current = loadedId;
    void profileCalls.recordVisit(loadedId);
  }, [loadedId, isSelf]);

  const onFollowingChange = useCallback((following: boolean) => setProfileFollowing(queryClient, userId, following), [queryClient, userId]);

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader signedIn={signedIn} sessionPending={session.isPending} redirect={here} />
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-5 px-3 pt-4 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:px-4">
        {profile.isPending ? <ProfileSummarySkeleton /> : null}

        {notFound ? (
          <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="profile-not-found">
            <UserX className="size-10 text-muted-foreground" aria-hidden />
            <div className="space-y-1">
              <h1 className="font-display text-xl font-semibold">{PROFILE_TEXTS.notFound}</h1>
              <p className="text-sm text-muted-foreground">{T.notFoundHint}</p>
            </div>
            <Link to={signedIn ? appPaths.feed : appPaths.home} className={buttonVariants({ variant: "outline" })}>
              {signedIn ? T.backToFeed : T.goToBackline}
            </Link>
          </div>
        ) : null}

        {profile.error && !notFound && !profile.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="profile-load-failed">
            <h1 className="font-display text-lg font-semibold">{PROFILE_TEXTS.loadFailed}</h1>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              <RefreshCw aria-hidden /> {T.tryAgain}
            </Button>
          </div>
        ) : null}

        {profile.data ? (
          <>
            <ProfileSummary
              profile={profile.data}
              actions={
                viewerId === undefined ? null : isSelf ? (
                  <Link to="/edit-profile" className={buttonVariants({ variant: "outline", size: "sm" })}>
                    <Pencil aria-hidden /> {T.editProfile}
                  </Link>
                ) : (
                  <>
                    <FollowButton
                      userId={profile.data.userId}
                      username={profile.data.username}
                      viewerId={viewerId}
                      initialFollowing={profile.data.viewer?.following}
                      onFollowingChange={onFollowingChange}
                      className="h-9 px-4"
                    />
                    <ContactLink userId={profile.data.userId} signedIn={signedIn} />
                    {signedIn ? <ReportButton targetType="profile" targetId={profile.data.userId} size="icon" className="size-9 rounded-full" /> : null}
                    {/* After a block the profile is gone for both: leave for the feed. */}
                    <SafetyMenu
                      user={{ userId: profile.data.userId, username: profile.data.username }}
                      viewerId={viewerId}
                      onBlocked={() => void navigate({ to: appPaths.feed, replace: true })}
                    />
                  </>
                )
              }
            />

            <Tabs value={tab} onValueChange={(value) => void navigate({ search: { tab: value === "posts" ? undefined : (value as ProfileTab) }, replace: true, resetScroll: false })}>
              <TabsList aria-label={T.sectionsLabel}>
                <TabsTrigger value="posts">{T.posts}</TabsTrigger>
                <TabsTrigger value="products">{T.products}</TabsTrigger>
                <TabsTrigger value="services">{T.services}</TabsTrigger>
                <TabsTrigger value="portfolio">{PORTFOLIO_TEXTS.tab}</TabsTrigger>
              </TabsList>
              <TabsContent value="posts">
                <UserPostList
                  userId={userId}
                  renderActionBar={session.isPending ? undefined : (post) => <PostActions post={post} viewerId={viewerId ?? null} />}
                  empty={<EmptyItems icon={<MessageCircle className="size-5" aria-hidden />} title={PROFILE_SCREEN_TEXTS.noPosts.title} hint={PROFILE_SCREEN_TEXTS.noPosts.hint} />}
                />
              </TabsContent>
              <TabsContent value="products">
                <UserProductsList userId={userId} />
              </TabsContent>
              <TabsContent value="services">
                <UserServicesList userId={userId} />
              </TabsContent>
              <TabsContent value="portfolio">
                <PublicPortfolio userId={userId} />
              </TabsContent>
            </Tabs>
          </>
        ) : null}

        {!signedIn && !session.isPending && !notFound ? <SignInCallout redirect={here} /> : null}
      </main>
      {signedIn ? <BottomNav /> : null}
    </div>
  );
}

/**
 * Contact (§2): creates or opens the conversation with this user, then goes to
 * /messages?conversation={id}, or to /messages on failure (which the spec only logs). A visitor
 * signs in first and then lands on /messages?userId={id}, which does the same.
 */
function ContactLink({ userId, signedIn }: { userId: string; signedIn: boolean }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const target = messagesWithUserPath(userId);
  const className = buttonVariants({ variant: "outline", size: "sm", className: "h-9 px-4" });
  const contact = () => {
    setOpening(true);
    messagingCalls
      .open(userId)
      .then(({ id }) => navigate({ to: "/messages", search: { conversation: id } }))
      .catch((error: unknown) => {
        console.error("Opening a conversation failed:", error);
        return navigate({ to: "/messages" });
      })
      .finally(() => setOpening(false));
  };
  return signedIn ? (
    <button type="button" className={className} onClick={contact} disabled={opening} data-testid="contact-button">
      <MessageCircle aria-hidden /> {T.contact}
    </button>
  ) : (
    <Link to="/auth" search={{ redirect: target }} className={className} data-testid="contact-button">
      <MessageCircle aria-hidden /> {T.contact}
    </Link>
  );
}
