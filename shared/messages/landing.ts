import { PLATFORM_FEE_TEXTS } from "./fee";

// The landing page for visitors (first document §1): the top bar, the hero with Start Creating
// and Explore Talent, the stat claims, the product preview, features, professionals, pricing, the
// closing call and the footer. The spec gives the parts and the two calls to action; the rest is
// ours. The page is prerendered at build time (decision record 0056), so these words are also
// what the landing's fonts are cut to. web/features/landing/content.ts pairs them with icons.

export const LANDING_TEXTS = {
  topBar: {
    home: "Backline home",
    sectionsLabel: "Sections",
    signIn: "Sign In",
    getStarted: "Get Started",
  },
  /** The section anchors, in the top bar and the footer. */
  sections: { features: "Features", professionals: "Professionals", pricing: "Pricing" },
  hero: {
    badge: "Built for the people behind the music",
    heard: "Get heard.",
    hired: "Get hired.",
    paid: "Get paid.",
    intro:
      "Backline is where producers, engineers, singers, DJs, studio owners and coaches share their work, find collaborators and sell their services — all from one profile.",
    startCreating: "Start Creating",
    exploreTalent: "Explore Talent",
    /** The star after the rating's value. */
    stars: "stars",
  },
  /** The stat claims under the hero; the rating's value carries a star. */
  stats: {
    professionals: { value: "10K+", label: "Professionals" },
    projects: { value: "50K+", label: "Projects" },
    rating: { value: "4.9", label: "Rating" },
  },
  /** The product preview beside the hero: a made-up post, listing and message (decoration). */
  showcase: {
    author: "Maya Lopez",
    authorRole: "Mixing Engineer · Atlanta",
    postedAgo: "2h",
    track: "Late Night Drive — mix v3",
    position: "1:12 / 3:24",
    caption: "Vocals finally sit right. Parallel comp on the bus + a touch of tape.",
    tags: "#mixing #rnb",
    likes: "1.2K",
    comments: "86",
    serviceKind: "Service",
    serviceName: "Vocal Mix & Master",
    servicePrice: "$120",
    serviceDelivery: "3 days",
    sender: "DJ Kofi",
    message: "Can you do stems by Friday?",
  },
  features: {
    eyebrow: "Features",
    title: "Your studio, storefront and scene in one app",
    lead: "Stop juggling a portfolio site, three social apps and a payment link. Backline does the whole gig.",
    items: {
      share: {
        title: "Share your sound",
        body: "Post tracks, stems, session clips and studio shots. Audio plays with a real waveform, video streams, and every post carries your tags and credits.",
      },
      discover: {
        title: "Get discovered",
        body: "Search by profession, location and genre, ride trending hashtags, and get recommended to the artists who need exactly what you do.",
      },
      services: {
        title: "Sell your services",
        body: "List mixing, mastering, session vocals, lessons or studio time with hourly, per-session or package pricing and a clear turnaround.",
      },
      products: {
        title: "Sell digital products",
        body: "Sample packs, presets, beats and templates, delivered through private download links only your buyers can open.",
      },
      messaging: {
        title: "Message in real time",
        body: "Talk through references, revisions and bookings in live chat, without losing the thread in a dozen DMs and email chains.",
      },
      payments: {
        title: "Get paid securely",
        body: "Buyers check out by card, every order is tracked and receipted, and your price is your price — no haggling over invoices.",
      },
    },
  },
  professionals: {
    eyebrow: "Professionals",
    title: "Made for every seat in the session",
    lead: "Whether you're behind the desk, the mic or the decks, Backline gives your craft a home and your clients a way to book it.",
    items: {
      producers: {
        title: "Producers",
        body: "Drop beats and works-in-progress, find toplines and sell your sound kits.",
        tags: ["Beats", "Sound kits", "Co-writes"],
      },
      engineers: {
        title: "Mixing & mastering engineers",
        body: "Show before-and-after clips and take on mixes with fixed turnarounds.",
        tags: ["Mixing", "Mastering", "Stem mixing"],
      },
      singers: {
        title: "Singers & songwriters",
        body: "Share demos, land session work and meet producers who fit your voice.",
        tags: ["Session vocals", "Toplines", "Demos"],
      },
      djs: {
        title: "DJs",
        body: "Post sets and edits, build a following and get booked for the next gig.",
        tags: ["Sets", "Edits", "Bookings"],
      },
      studios: {
        title: "Studio owners",
        body: "Fill the calendar with bookable sessions and show off the live room.",
        tags: ["Studio time", "Tracking", "Rentals"],
      },
      coaches: {
        title: "Coaches",
        body: "Teach vocals, production or music business in lessons and packages.",
        tags: ["Lessons", "Consultations", "Packages"],
      },
    },
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Free to join. Fair when you sell.",
    lead: "No subscriptions and no cut from your price. Buyers pay a small service fee at checkout, and that's it.",
    highlighted: "Most musicians start here",
    creator: {
      name: "Creator",
      price: "$0",
      cadence: "forever",
      pitch: "Everything you need to build a presence and start selling.",
      perks: [
        "Profile with posts, services and products",
        "Unlimited audio, video and image posts",
        "Real-time messaging and notifications",
        "Keep 100% of your listed price",
      ],
      cta: "Start Creating",
    },
    buyer: {
      name: "Buyer",
      price: PLATFORM_FEE_TEXTS.rate,
      cadence: "per purchase",
      pitch: "Hire talent and buy sounds with one simple checkout fee.",
      perks: [
        "Browse, follow and message for free",
        "Card checkout with order tracking",
        "Secure download links for digital products",
        "Receipts sent to your inbox",
      ],
      cta: "Explore Talent",
    },
  },
  closing: {
    title: "Your next session starts here",
    body: "Set up your profile in two minutes, post your best work and let the right people find you.",
    getStarted: "Get Started",
  },
  footer: {
    tagline: "The social network and marketplace for the people behind the music.",
    product: "Product",
    account: "Account",
    signIn: "Sign In",
    createAccount: "Create an account",
    copyright: "© 2024 Backline. All rights reserved.",
    madeFor: "Made for producers, engineers, singers, DJs, studio owners and coaches.",
  },
} as const;
