// Landing page for visitors (spec §1): top bar with section anchors and links to /auth, hero with
// Start Creating and Explore Talent, stat claims, six features, professionals, pricing, footer.
import { ArrowRight, BadgeCheck, Check, Heart, MessageCircle, Play, Star } from "lucide-react";
import { type ComponentType, type ReactNode, createContext, use } from "react";
import { LANDING_TEXTS } from "@shared/messages";
import { ThemeToggle } from "@web/components/app-shell/theme-toggle";
import { Wordmark } from "@web/components/brand/logo";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { buttonVariants } from "@web/components/ui/button";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { FEATURES, PLANS, PROFESSIONS, STATS } from "./content";
import { Waveform } from "./waveform";

/**
 * Outline buttons over the hero's glow read as faint in the light theme: the input border is a
 * 1.3:1 edge. On the landing page they get an edge of 3.5:1 (WCAG 1.4.11); dark keeps its own.
 */
const OUTLINE_EDGE = "border-foreground/50 dark:border-input";

const T = LANDING_TEXTS;

const SECTION_LINKS = [
  { href: "#features", label: T.sections.features },
  { href: "#professionals", label: T.sections.professionals },
  { href: "#pricing", label: T.sections.pricing },
] as const;

/** What the page's links need: a path of the app and the anchor's own attributes. */
export interface LandingLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
  "data-haptic"?: "medium";
}

/**
 * A plain anchor: what the page is prerendered with at build time (decision record 0056), where no
 * router runs. Inside the app the route hands in the router's Link instead.
 */
function AnchorLink({ to, ...props }: LandingLinkProps) {
  return <a href={to} {...props} />;
}

const LinkComponent = createContext<ComponentType<LandingLinkProps>>(AnchorLink);

function Link(props: LandingLinkProps) {
  const Component = use(LinkComponent);
  return <Component {...props} />;
}

export function LandingPage({ link = AnchorLink }: { link?: ComponentType<LandingLinkProps> }) {
  return (
    <LinkComponent value={link}>
      <div id="landing" className="relative min-h-dvh overflow-x-clip bg-background">
        <TopBar />
        <main>
          <Hero />
          <Features />
          <Professionals />
          <Pricing />
          <ClosingCall />
        </main>
        <Footer />
      </div>
    </LinkComponent>
  );
}

function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/50 bg-background/75 pt-safe backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={T.topBar.home} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
          <Wordmark />
        </Link>
        <nav aria-label={T.topBar.sectionsLabel} className="ml-6 hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="rounded-full px-3 py-2 text-sm font-medium text-muted-foreground transition hover:bg-muted hover:text-foreground"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle className="hidden sm:inline-flex" />
          <Link to={appPaths.auth} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            {T.topBar.signIn}
          </Link>
          <Link to={appPaths.auth} className={buttonVariants({ size: "sm" })} data-haptic="medium">
            {T.topBar.getStarted}
          </Link>
        </div>
      </div>
      {/* Phones get the section anchors as a second, scrollable row instead of a hidden menu. */}
      <nav aria-label={T.topBar.sectionsLabel} className="flex gap-1 overflow-x-auto px-3 pb-2 md:hidden [scrollbar-width:none]">
        {SECTION_LINKS.map((link) => (
          <a
            key={link.href}
            href={link.href}
            className="rounded-full border border-border/70 px-3 py-1 text-xs font-medium text-muted-foreground transition hover:text-foreground"
          >
            {link.label}
          </a>
        ))}
        <ThemeToggle className="ml-auto size-7 sm:hidden [&_svg]:size-4" />
      </nav>
    </header>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-8 lg:pb-24">
        <div className="animate-rise-in text-center lg:text-left">
          <Badge className="mb-5 border border-primary/25 px-3 py-1 text-[13px]">
            <span className="size-1.5 rounded-full bg-primary" aria-hidden /> {T.hero.badge}
          </Badge>
          <h1
            id="hero-title"
            className="font-display text-[2.6rem] leading-[1.02] font-bold tracking-tight text-balance sm:text-6xl lg:text-7xl"
          >
            {/* Each phrase wraps as a unit, so phones get three clean lines instead of "Get / hired". */}
            <span className="inline-block">{T.hero.heard}</span> <span className="inline-block">{T.hero.hired}</span>{" "}
            <span className="inline-block bg-gradient-to-r from-amber-300 via-orange-500 to-rose-500 bg-clip-text text-transparent">
              {T.hero.paid}
            </span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg lg:mx-0">
            {T.hero.intro}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Link to={appPaths.auth} className={buttonVariants({ size: "lg" })} data-haptic="medium">
              {T.hero.startCreating} <ArrowRight aria-hidden />
            </Link>
            <Link to={appPaths.auth} className={buttonVariants({ variant: "outline", size: "lg", className: OUTLINE_EDGE })}>
              {T.hero.exploreTalent}
            </Link>
          </div>
          <dl className="mx-auto mt-10 grid max-w-md grid-cols-3 divide-x divide-border rounded-2xl border border-border/70 bg-card/60 py-4 backdrop-blur lg:mx-0">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col items-center gap-0.5 px-2">
                <dt className="order-2 text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                <dd className="order-1 flex items-center gap-1 font-display text-2xl font-bold tracking-tight sm:text-3xl">
                  {stat.value}
                  {stat.label === T.stats.rating.label ? <Star className="size-5 fill-amber-400 text-amber-400" aria-label={T.hero.stars} /> : null}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroShowcase />
      </div>
    </section>
  );
}

/** Glow, grid and a sweeping waveform line behind the hero; decoration only. */
function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-40 left-1/2 h-[36rem] w-[36rem] -translate-x-1/2 rounded-full bg-[radial-gradient(circle,var(--color-glow),transparent_65%)] blur-2xl lg:left-[70%]" />
      <div className="absolute top-1/3 -left-32 h-80 w-80 rounded-full bg-[radial-gradient(circle,rgb(244_63_94/0.14),transparent_65%)] blur-2xl" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_10%,transparent_70%)] bg-[size:48px_48px] opacity-40" />
      <svg className="absolute bottom-0 left-0 h-40 w-full opacity-60" viewBox="0 0 1200 160" preserveAspectRatio="none">
        <defs>
          <linearGradient id="hero-line" x1="0" x2="1">
            <stop offset="0" stopColor="#fcd34d" stopOpacity="0" />
            <stop offset="0.3" stopColor="#ff7a1a" stopOpacity="0.7" />
            <stop offset="0.7" stopColor="#f43f5e" stopOpacity="0.5" />
            <stop offset="1" stopColor="#f43f5e" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 100 C 80 100, 100 40, 160 80 S 260 140, 320 90 S 420 20, 480 85 S 560 150, 640 80 S 760 30, 820 95 S 920 140, 980 90 S 1100 60, 1200 100"
          fill="none"
          stroke="url(#hero-line)"
          strokeWidth="2"
        />
        <path
          d="M0 115 C 90 115, 130 75, 190 100 S 300 130, 360 105 S 470 60, 530 100 S 620 130, 700 100 S 800 70, 860 105 S 980 125, 1040 100 S 1140 95, 1200 112"
          fill="none"
          stroke="url(#hero-line)"
          strokeWidth="1"
          opacity="0.6"
        />
      </svg>
    </div>
  );
}

/** A preview of the product: a track post, a service listing and a message, drawn in CSS. */
function HeroShowcase() {
  return (
    <div aria-hidden className="relative mx-auto mb-16 w-full max-w-sm animate-rise-in [animation-delay:120ms] lg:mb-10 lg:max-w-md">
      <div className="relative rounded-[2rem] border border-border/80 bg-card/90 p-4 shadow-[0_30px_80px_-20px_rgb(0_0_0/0.55)] backdrop-blur-xl">
        <div className="flex items-center gap-3">
          <Avatar name={T.showcase.author} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1 text-sm font-semibold">
              {T.showcase.author} <BadgeCheck className="size-4 text-primary" />
            </p>
            <p className="text-xs text-muted-foreground">{T.showcase.authorRole}</p>
          </div>
          <span className="text-xs text-muted-foreground">{T.showcase.postedAgo}</span>
        </div>
        <div className="mt-4 rounded-2xl bg-gradient-to-br from-orange-500/15 via-rose-500/10 to-transparent p-4">
          <div className="flex items-center gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg">
              <Play className="ml-0.5 size-5 fill-current" />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{T.showcase.track}</p>
              <p className="text-xs text-muted-foreground">{T.showcase.position}</p>
            </div>
          </div>
          <Waveform className="mt-4" bars={56} progress={0.36} seed={1.3} />
        </div>
        <p className="mt-3 text-sm">
          {T.showcase.caption}{" "}
          <span className="text-primary">{T.showcase.tags}</span>
        </p>
        <div className="mt-3 flex items-center gap-5 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Heart className="size-4 fill-rose-500 text-rose-500" /> {T.showcase.likes}
          </span>
          <span className="flex items-center gap-1.5">
            <MessageCircle className="size-4" /> {T.showcase.comments}
          </span>
        </div>
      </div>

      <div className="absolute -right-2 -bottom-16 w-52 rounded-2xl border border-border/80 bg-popover/95 p-3 shadow-2xl backdrop-blur-xl sm:-right-10">
        <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{T.showcase.serviceKind}</p>
        <p className="mt-0.5 text-sm font-semibold">{T.showcase.serviceName}</p>
        <div className="mt-2 flex items-center justify-between text-xs">
          <span className="font-display text-base font-bold text-primary">{T.showcase.servicePrice}</span>
          <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground">{T.showcase.serviceDelivery}</span>
        </div>
      </div>

      <div className="absolute -top-6 -right-2 flex items-center gap-2 rounded-2xl border border-border/80 bg-popover/95 py-2 pr-3 pl-2 shadow-2xl backdrop-blur-xl sm:-right-8">
        <Avatar name={T.showcase.sender} size="xs" />
        <div className="text-xs">
          <p className="font-semibold">{T.showcase.sender}</p>
          <p className="text-muted-foreground">{T.showcase.message}</p>
        </div>
      </div>
    </div>
  );
}

/** A titled section of the page: the anchor, the heading block, then the section's own content. */
function LandingSection({
  id,
  eyebrow,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-24 border-t border-border/60 py-20 sm:py-28", className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </section>
  );
}

function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-pretty text-muted-foreground sm:text-lg">{lead}</p>
    </div>
  );
}

function Features() {
  return (
    <LandingSection
      id="features"
      eyebrow={T.features.eyebrow}
      title={T.features.title}
      lead={T.features.lead}
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => {
          const Icon = feature.icon;
          return (
            <li
              key={feature.title}
              className="group relative overflow-hidden rounded-[var(--radius-card)] border border-border/80 bg-card p-6 transition hover:border-primary/40"
            >
              <div className="absolute -top-16 -right-16 size-40 rounded-full bg-[radial-gradient(circle,var(--color-glow),transparent_70%)] opacity-0 transition-opacity group-hover:opacity-100" aria-hidden />
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 font-display text-lg font-semibold tracking-tight">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.body}</p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}

function Professionals() {
  return (
    <LandingSection
      id="professionals"
      eyebrow={T.professionals.eyebrow}
      title={T.professionals.title}
      lead={T.professionals.lead}
      className="bg-[linear-gradient(180deg,transparent,color-mix(in_oklab,var(--color-accent)_45%,transparent))]"
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PROFESSIONS.map((profession) => {
          const Icon = profession.icon;
          return (
            <li key={profession.title} className="flex gap-4 rounded-[var(--radius-card)] border border-border/80 bg-background/70 p-5 backdrop-blur">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 text-white shadow-[0_10px_30px_-10px_var(--color-glow)]">
                <Icon className="size-6" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="font-display font-semibold tracking-tight">{profession.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{profession.body}</p>
                <div className="mt-3 flex flex-wrap gap-1.5">
                  {profession.tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}

function Pricing() {
  return (
    <LandingSection
      id="pricing"
      eyebrow={T.pricing.eyebrow}
      title={T.pricing.title}
      lead={T.pricing.lead}
    >
      <div className="mx-auto mt-12 grid max-w-4xl gap-4 md:grid-cols-2">
        {PLANS.map((plan) => (
          <article
            key={plan.name}
            aria-labelledby={`plan-${plan.name}`}
            className={cn(
              "relative flex flex-col rounded-[var(--radius-card)] border bg-card p-6 sm:p-8",
              plan.highlighted
                ? "border-primary/60 shadow-[0_20px_60px_-25px_var(--color-glow)]"
                : "border-border/80",
            )}
          >
            {plan.highlighted ? (
              <Badge className="absolute -top-3 left-6 bg-primary text-primary-foreground">{T.pricing.highlighted}</Badge>
            ) : null}
            <h3 id={`plan-${plan.name}`} className="font-display text-xl font-semibold">
              {plan.name}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{plan.pitch}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="font-display text-5xl font-bold tracking-tight">{plan.price}</span>
              <span className="text-sm text-muted-foreground">{plan.cadence}</span>
            </p>
            <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
              {plan.perks.map((perk) => (
                <li key={perk} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  {perk}
                </li>
              ))}
            </ul>
            <Link
              to={appPaths.auth}
              className={buttonVariants({
                variant: plan.highlighted ? "primary" : "outline",
                className: cn("mt-8 w-full", !plan.highlighted && OUTLINE_EDGE),
              })}
            >
              {plan.cta}
            </Link>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

function ClosingCall() {
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-gradient-to-br from-amber-400 via-orange-500 to-rose-600 px-6 py-14 text-center text-white sm:px-12">
        <div aria-hidden className="absolute inset-x-0 bottom-0 flex h-24 items-end gap-1 px-4 opacity-25">
          {Array.from({ length: 64 }, (_, i) => (
            <span
              key={i}
              className="flex-1 origin-bottom animate-eq rounded-t-full bg-white"
              style={{ height: `${30 + ((i * 37) % 70)}%`, animationDelay: `${(i % 9) * -0.15}s` }}
            />
          ))}
        </div>
        <h2 id="closing-title" className="relative font-display text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {T.closing.title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-white/85 sm:text-lg">
          {T.closing.body}
        </p>
        <Link
          to={appPaths.auth}
          data-haptic="medium"
          className={buttonVariants({
            size: "lg",
            variant: "secondary",
            className: "relative mt-8 bg-white text-neutral-950 hover:bg-white/90",
          })}
        >
          {T.closing.getStarted} <ArrowRight aria-hidden />
        </Link>
      </div>
    </section>
  );
}

function Footer() {
  return (
    <footer className="border-t border-border/60 pb-[calc(2rem+env(safe-area-inset-bottom))] pt-12">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <Wordmark />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            {T.footer.tagline}
          </p>
        </div>
        <nav aria-label={T.footer.product}>
          <h2 className="text-sm font-semibold">{T.footer.product}</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="transition hover:text-foreground">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={T.footer.account}>
          <h2 className="text-sm font-semibold">{T.footer.account}</h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">
            <li>
              <Link to={appPaths.auth} className="transition hover:text-foreground">
                {T.footer.signIn}
              </Link>
            </li>
            <li>
              <Link to={appPaths.auth} className="transition hover:text-foreground">
                {T.footer.createAccount}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto mt-10 flex max-w-6xl flex-col gap-2 border-t border-border/60 px-4 pt-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <p>{T.footer.copyright}</p>
        <p>{T.footer.madeFor}</p>
      </div>
    </footer>
  );
}
