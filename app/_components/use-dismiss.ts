"use client";
// Closes an open menu on Escape or on a press outside it, and gives focus back to the button that opened it (a
// keyboard or screen-reader user lands where they were, not at the page's top).
import { useEffect, type RefObject } from "react";

type DismissOptions = {
  open: boolean;
  /** The menu and its button: a press inside keeps it open. */
  container: RefObject<HTMLElement | null>;
  /** The button that opened the menu, focused again once it closes. */
  trigger: RefObject<HTMLElement | null>;
  onClose: () => void;
};

export function useDismiss({ open, container, trigger, onClose }: DismissOptions): void {
  useEffect(() => {
    if (!open) return;
    const close = () => {
      onClose();
      trigger.current?.focus({ preventScroll: true });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    // A press elsewhere closes the menu; the press's own target then takes focus as usual if it can.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, container, trigger, onClose]);
}
