// The content screen of first document §5 (comments and captions).

export const CONTENT_SCREEN_TEXTS = {
  invalidFormat: "Invalid content format",
  prohibitedWords: "Content contains prohibited words",
  suspiciousPatterns: "Content contains suspicious patterns",
  excessiveRepetition: "Excessive word repetition detected",
  excessiveUppercase: "Excessive uppercase text detected",
} as const;