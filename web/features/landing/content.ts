// Landing copy (spec §1). Kept apart from the markup so the page and its tests share one source.
import {
  AudioLines,
  Building2,
  Compass,
  CreditCard,
  Disc3,
  GraduationCap,
  Headphones,
  type LucideIcon,
  MessagesSquare,
  MicVocal,
  Package,
  SlidersHorizontal,
  Store,
} from "lucide-react";
import { PLATFORM_FEE_PERCENT } from "../../../shared/constants";

export interface Stat {
  value: string;
  label: string;
}

export const STATS: readonly Stat[] = [
  { value: "10K+", label: "Professionals" },
  { value: "50K+", label: "Projects" },
  { value: "4.9", label: "Rating" },
];

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: AudioLines,
    title: "Share your sound",
    body: "Post tracks, stems, session clips and studio shots. Audio plays with a real waveform, video streams, and every post carries your tags and credits.",
  },
  {
    icon: Compass,
    title: "Get discovered",
    body: "Search by profession, location and genre, ride trending hashtags, and get recommended to the artists who need exactly what you do.",
  },
  {
    icon: Store,
    title: "Sell your services",
    body: "List mixing, mastering, session vocals, lessons or studio time with hourly, per-session or package pricing and a clear turnaround.",
  },
  {
    icon: Package,
    title: "Sell digital products",
    body: "Sample packs, presets, beats and templates, delivered through private download links only your buyers can open.",
  },
  {
    icon: MessagesSquare,
    title: "Message in real time",
    body: "Talk through references, revisions and bookings in live chat, without losing the thread in a dozen DMs and email chains.",
  },
  {
    icon: CreditCard,
    title: "Get paid securely",
    body: "Buyers check out by card, every order is tracked and receipted, and your price is your price — no haggling over invoices.",
  },
];

export interface Profession {
  icon: LucideIcon;
  title: string;
  body: string;
  tags: readonly string[];
}

export const PROFESSIONS: readonly Profession[] = [
  {
    icon: SlidersHorizontal,
    title: "Producers",
    body: "Drop beats and works-in-progress, find toplines and sell your sound kits.",
    tags: ["Beats", "Sound kits", "Co-writes"],
  },
  {
    icon: Headphones,
    title: "Mixing & mastering engineers",
    body: "Show before-and-after clips and take on mixes with fixed turnarounds.",
    tags: ["Mixing", "Mastering", "Stem mixing"],
  },
  {
    icon: MicVocal,
    title: "Singers & songwriters",
    body: "Share demos, land session work and meet producers who fit your voice.",
    tags: ["Session vocals", "Toplines", "Demos"],
  },
  {
    icon: Disc3,
    title: "DJs",
    body: "Post sets and edits, build a following and get booked for the next gig.",
    tags: ["Sets", "Edits", "Bookings"],
  },
  {
    icon: Building2,
    title: "Studio owners",
    body: "Fill the calendar with bookable sessions and show off the live room.",
    tags: ["Studio time", "Tracking", "Rentals"],
  },
  {
    icon: GraduationCap,
    title: "Coaches",
    body: "Teach vocals, production or music business in lessons and packages.",
    tags: ["Lessons", "Consultations", "Packages"],
  },
];

export interface Plan {
  name: string;
  price: string;
  cadence: string;
  pitch: string;
  perks: readonly string[];
  cta: string;
  highlighted?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
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
    highlighted: true,
  },
  {
    name: "Buyer",
    price: `${PLATFORM_FEE_PERCENT}%`,
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
];
