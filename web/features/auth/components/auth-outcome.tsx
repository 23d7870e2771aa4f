// The result panels of the auth screens (email confirmed or not, password updated, reset link
// sent): an icon, a heading, the message and the way on. One layout, so every outcome reads alike.
import type { ReactNode } from "react";

export function AuthOutcome({
  icon,
  title,
  children,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
  /** "status" where the panel replaces a form the user just sent, so it is announced. */
  role?: "status";
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" role={role}>
      {icon}
      <h1 className="font-display text-xl font-semibold">{title}</h1>
      {children}
      {action}
    </div>
  );
}
