// The landing page's lists (spec §1): the catalogue's words (LANDING_TEXTS) paired with their icons.
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
import { LANDING_TEXTS } from "@shared/messages";

export interface Stat {
  value: string;
  label: string;
}

const { stats, features, professionals, pricing } = LANDING_TEXTS;

export const STATS: readonly Stat[] = [stats.professionals, stats.projects, stats.rating];

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

export const FEATURES: readonly Feature[] = [
  { icon: AudioLines, ...features.items.share },
  { icon: Compass, ...features.items.discover },
  { icon: Store, ...features.items.services },
  { icon: Package, ...features.items.products },
  { icon: MessagesSquare, ...features.items.messaging },
  { icon: CreditCard, ...features.items.payments },
];

export interface Profession {
  icon: LucideIcon;
  title: string;
  body: string;
  tags: readonly string[];
}

export const PROFESSIONS: readonly Profession[] = [
  { icon: SlidersHorizontal, ...professionals.items.producers },
  { icon: Headphones, ...professionals.items.engineers },
  { icon: MicVocal, ...professionals.items.singers },
  { icon: Disc3, ...professionals.items.djs },
  { icon: Building2, ...professionals.items.studios },
  { icon: GraduationCap, ...professionals.items.coaches },
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
  { ...pricing.creator, highlighted: true },
  pricing.buyer,
];
