"use client";
// A navigation link that marks itself as the current page (or the current area, for a link that stands for several).
import Link from "next/link";
import { usePathname } from "next/navigation";

type NavLinkProps = { href: string; label: string; testId: string; /** Other paths this link's area holds. */ area?: readonly string[] };

export function NavLink({ href, label, testId, area = [] }: NavLinkProps) {
  const pathname = usePathname();
  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const current = href === "/" ? pathname === "/" : within(href) || area.some(within);
  return (
    <Link href={href} className="nav-link" aria-current={current ? "page" : undefined} data-testid={testId}>
      {label}
    </Link>
  );
}
