// A hashtag as a link to its posts (tapping a hashtag anywhere opens that tag's posts).
// The tag page is the search screen with `tag` in its URL; the query, tab and filters stay in it,
// so the page's back arrow (and the browser's) returns to the search as the reader left it.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

export function HashtagLink({ name, className, children, testId }: { name: string; className?: string; children?: ReactNode; testId?: string }) {
  return (
    <Link from="/search" to="/search" search={(prev) => ({ ...prev, tag: name })} className={className} data-testid={testId} data-tag={name}>
      {children ?? `#${name}`}
    </Link>
  );
}
