"use client";
// The header's frame: on a phone the navigation folds behind a Menu button (one row of header instead of three), and
// it folds again after each navigation, on Escape and on a press outside it.
import { usePathname } from "next/navigation";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { useDismiss } from "./use-dismiss";

/** `brand` always shows; `children` (navigation and tools) fold behind Menu on a phone when `hasMenu`. */
type HeaderFrameProps = { menuLabel: string; hasMenu: boolean; brand: ReactNode; children: ReactNode };

export function HeaderFrame({ menuLabel, hasMenu, brand, children }: HeaderFrameProps) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss({ open, container: headerRef, trigger: buttonRef, onClose: close });
  return (
    <header ref={headerRef} className="app-header" data-menu-open={open} data-has-menu={hasMenu}>
      <div className="app-header-inner">
        {brand}
        {hasMenu ? (
          <button
            ref={buttonRef}
            type="button"
            className="button button-quiet button-small menu-button"
            aria-expanded={open}
            aria-controls="header-fold"
            onClick={() => setOpen((value) => !value)}
            data-testid="menu-button"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
              <rect x="2" y="3" width="12" height="1.6" rx="0.8" />
              <rect x="2" y="7.2" width="12" height="1.6" rx="0.8" />
              <rect x="2" y="11.4" width="12" height="1.6" rx="0.8" />
            </svg>
            {menuLabel}
          </button>
        ) : null}
        <div id="header-fold" className="header-fold">
          {children}
        </div>
      </div>
    </header>
  );
}
