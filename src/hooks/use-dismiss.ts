/**
 * The one dismiss rule of both menus (the desktop dropdown and the mobile menu): while open, Escape closes it and, when
 * focus was inside it, returns focus to its toggle; a pointer press outside the header closes it.
 */
import { useEffect, type RefObject } from "react";

export interface DismissTargets {
  /** Presses inside this element (the header) do not dismiss. */
  boundary: RefObject<HTMLElement>;
  /** The disclosure's own element (toggle and panel): where focus counts as inside. */
  scope: RefObject<HTMLElement>;
  /** Where focus goes back after Escape from inside: the toggle. */
  toggle: RefObject<HTMLElement>;
}

export function useDismiss(open: boolean, onDismiss: () => void, { boundary, scope, toggle }: DismissTargets): void {
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = scope.current?.contains(document.activeElement) ?? false;
      onDismiss();
      if (focusInside) toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (boundary.current && !boundary.current.contains(event.target as Node)) onDismiss();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, onDismiss, boundary, scope, toggle]);
}
