// The policy for a file served from our origin that must never run as a page there (media that
// is not inline, buyers' downloads): no scripts, no resources, a unique opaque origin.
export const SANDBOX_CSP = "sandbox; default-src 'none'";
