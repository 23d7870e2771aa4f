import type { NotificationCategory } from "../notifications-api";

// What the browser and the native app say about notifications (issue #30 items 2, 4 and 5): the
// /settings section, the cards that ask for permission at a moment that explains itself, and the
// service worker's fallback. The pushes' own words are NOTIFICATION_TEXTS (the Worker's).

export const NOTIFICATION_SCREEN_TEXTS = {
  /** The /settings section. */
  settings: {
    title: "Notifications",
    description: "Choose what reaches you, and where.",
    loading: "Loading notification settings…",
    loadFailed: "Couldn't load your notification settings.",
    retry: "Try Again",
    saveFailed: "Your change wasn't saved. Please try again.",
  },
  /** "Push on this device": one switch and the sentence under it for each state. */
  device: {
    label: "Push on this device",
    on: "On. This device shows your notifications.",
    off: "Off. Turn on to get notifications on this device.",
    checking: "Checking this device…",
    working: "Turning on…",
    /** A browser without the Push API (or service workers). */
    unsupportedBrowser: "This browser can't show notifications. Try a current Chrome, Edge, Firefox or Safari.",
    /** iPhone and iPad Safari: push works only for a site added to the Home Screen. */
    unsupportedIosBrowser:
      "On iPhone and iPad, notifications work only in the installed app: tap Share, then Add to Home Screen, and open Backline from your Home Screen.",
    /** An installed app whose build predates push notifications. */
    unsupportedApp: "Update the Backline app to get notifications on this phone.",
    /** The server has no VAPID key: web push is not configured. */
    unavailable: "Push notifications aren't available right now. You still get email.",
    blockedWeb:
      "Notifications are blocked for Backline in this browser. To unblock them, open the site settings (the icon beside the address), allow notifications, then turn this on again.",
    blockedNative: "Notifications are off for Backline on this phone. Turn them on in the phone's Settings, under Backline > Notifications, then come back.",
    /** When the system prompt was closed without an answer. */
    dismissed: "Notifications were not turned on. You can turn them on here any time.",
    enableFailed: "Couldn't turn on notifications on this device. Please try again.",
    disableFailed: "Couldn't turn off notifications on this device. Please try again.",
    /** The native registration with Apple or Google failed. */
    registrationFailed: "Your phone couldn't register for notifications. Please try again later.",
    turnedOn: "Notifications are on",
    turnedOff: "Notifications are off on this device",
  },
  /** The per-type switches: a list of rows, each with a Push and an Email switch. */
  categories: {
    heading: "What to hear about",
    push: "Push",
    email: "Email",
    labels: {
      messages: "Messages",
      orders: "Orders",
      offers: "Custom offers",
      bookings: "Bookings",
      reviews: "Reviews",
      comments: "Comments and replies",
      follows: "New followers",
      likes: "Likes",
    } satisfies Record<NotificationCategory, string>,
    hints: {
      messages: "New messages in your conversations",
      orders: "Sales, deliveries, revisions and refunds",
      offers: "Offers made to you, and offers paid",
      bookings: "Requests, confirmations and changes",
      reviews: "Reviews of your services and products",
      comments: "Comments on your posts and replies to you",
      follows: "People who start following you",
      likes: "Likes on your posts",
    } satisfies Record<NotificationCategory, string>,
    /** The accessible names of the two switches of a row: "Push for messages". */
    pushFor: (label: string) => `Push for ${label.toLowerCase()}`,
    emailFor: (label: string) => `Email for ${label.toLowerCase()}`,
  },
  quietHours: {
    heading: "Quiet hours",
    label: "Quiet hours",
    description: "Pushes that arrive during quiet hours wait until they end. Nothing is lost.",
    from: "From",
    until: "Until",
    timeZone: (zone: string) => `Times are in ${zone}.`,
    /** The saved zone is not this device's: one tap saves the device's. */
    useDeviceZone: (zone: string) => `Use ${zone}`,
  },
  /** The cards that ask for permission after something happened, never on first load. */
  moments: {
    message: {
      title: (name: string) => `Get notified when ${name} replies`,
      description: "We'll let you know on this device when a new message arrives, even when Backline is closed.",
    },
    sale: {
      title: "Get notified about new orders",
      description: "Know the moment someone buys from you, and when a buyer needs something, even when Backline is closed.",
    },
    turnOn: "Turn on",
    notNow: "Not now",
  },
  /** The service worker's notification when a push arrived without a readable payload. */
  fallback: {
    title: "Backline",
    body: "You have something new on Backline.",
  },
} as const;
