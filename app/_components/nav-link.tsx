"use client";
// A navigation link that marks itself as the current page.
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  const pathname = usePathname();
  const current = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className="nav-link" aria-current={current ? "page" : undefined} data-testid={testId}>
      {label}
    </Link>
  );
}
