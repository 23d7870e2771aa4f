// Route / — the landing page for visitors (social-feed-search.md §1). A first visit gets the same
// page prerendered at build time (web/landing/, decision record 0056); this route renders it when
// the app is already running (the 404 page's Return to Home, a back link, an installed app).
import { Link, createFileRoute } from "@tanstack/react-router";
import { LandingPage, type LandingLinkProps } from "@web/features/landing/landing-page";

function RouterLink(props: LandingLinkProps) {
  return <Link {...props} />;
}

export const Route = createFileRoute("/")({
  component: () => <LandingPage link={RouterLink} />,
});
