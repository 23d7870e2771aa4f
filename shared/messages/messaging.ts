// Messages and activity (second document §2 Messages and Activity, §8 activity load; the texts
// the spec leaves to us are marked). The Worker's refusals and both screens read them from here.

export const MESSAGING_TEXTS = {
  back: "Back",
  /** The button on a message the app wrote, by its kind ("text" never has a link). */
  linkLabels: {
    text: "Open",
    offer: "View offer",
    booking: "View booking",
    review_request: "Leave a review",
    order: "View order",
  },
  title: "Messages",
  searchPlaceholder: "Search conversations...",
  searchLabel: "Search conversations",
  loadingConversations: "Loading conversations...",
  noConversationsFound: "No conversations found",
  noConversations: "No conversations yet",
  /** Spec §8: the conversation list keeps this string when it fails to load. */
  loadConversationsFailed: "Failed to fetch conversations",
  youPrefix: "You: ",
  startConversation: "Start a conversation",
  loadingMessages: "Loading messages...",
  startConversationWith: (name: string) => `Start your conversation with ${name}`,
  selectConversation: "Select a conversation to start messaging",
  messagePlaceholder: "Type a message...",
  messageLabel: "Message",
  send: "Send",
  /** Ours: the quiet hint while the live channel reconnects (first document §4 channel states). */
  reconnecting: "Reconnecting...",
  typing: (name: string) => `${name} is typing...`,
  loadOlder: "Loading earlier messages...",
  unreadBadge: (count: number) => `${count} unread`,
  backToConversations: "Back to conversations",
  backToFeed: "Back to feed",
  /** Ours: a message whose send failed (the spec only logs it) can be sent again, never twice. */
  notSent: "Not sent",
  retry: "Retry",
  sending: "Sending...",
  /** Ours: the API's refusals. */
  messageSelf: "You cannot message yourself",
  conversationNotFound: "Conversation not found",
  messageEmpty: "Message cannot be empty",
  messageTooLong: "Message is too long",
  clientIdReused: "This message id was already used in another conversation",
  /**
   * Ours (decision record 0085): a link in a first message to someone who has not replied, does
   * not follow back and has no order with the sender is held back; the composer keeps the text.
   */
  linkHeldBack: (name: string) => `Links can be sent once ${name} replies. Send your message without the link for now.`,
  /** Ours: above a refused message in the composer. */
  notSentBecause: (reason: string) => `Not sent: ${reason}`,
  /** Ours: a link in a message names the site it opens. */
  opensSite: (host: string) => `opens ${host} in a new tab`,
  /** Activity (second document §2). */
  activityTitle: "Activity",
  markAllRead: "Mark all as read",
  noActivity: { title: "No recent activity", hint: "When people interact with your posts or follow you, you'll see it here." },
  loadActivityFailed: "Failed to load activity feed",
  loadingActivity: "Loading activity...",
  activityNotFound: "Activity not found",
  unreadDot: "Unread",
  liked: (name: string) => `${name} liked your post`,
  commented: (name: string) => `${name} commented on your post`,
  followed: (name: string) => `${name} started following you`,
  messaged: (name: string) => `${name} sent you a message`,
  /** The activity list's retry after a failed load, and the conversation list's next page. */
  tryAgain: "Try again",
  moreConversations: "More conversations",
} as const;