/**
 * Open/close state of a hover dropdown: opens on pointer enter, closes DROPDOWN_CLOSE_DELAY_MS after the pointer
 * leaves unless it comes back first; also opened and closed directly (button, Escape, outside click, link select).
 * A click on the button while a hover has it open keeps it open, so mouse users never see it shut under their click.
 */
import { useCallback, useEffect, useRef, useState } from "react";

/** How long the services dropdown stays open after the pointer leaves it (SPEC §2 and §9). */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

export type HoverDisclosure = ReturnType<typeof useHoverDisclosure>;

/** Hover is a mouse gesture: touch and pen taps go through the button and the links instead. */
const isHover = (event: { pointerType: string }) => event.pointerType === "mouse";

export function useHoverDisclosure(delay = DROPDOWN_CLOSE_DELAY_MS) {
  const [open, setOpenState] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Opened by hovering rather than by the button: a click on the button then keeps it open instead of closing it.
  const openedByHover = useRef(false);

  const cancelClose = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const apply = useCallback((next: boolean, byHover: boolean) => {
    openedByHover.current = next && (byHover || (openRef.current && openedByHover.current));
    openRef.current = next;
    setOpenState(next);
  }, []);

  const setOpen = useCallback(
    (next: boolean) => {
      cancelClose();
      apply(next, false);
      openedByHover.current = false;
    },
    [apply, cancelClose],
  );

  const toggle = useCallback(() => {
    cancelClose();
    const pinOpen = openRef.current && openedByHover.current;
    apply(pinOpen ? true : !openRef.current, false);
    openedByHover.current = false;
  }, [apply, cancelClose]);

  const onPointerEnter = useCallback(
    (event: { pointerType: string }) => {
      if (!isHover(event)) return;
      cancelClose();
      if (!openRef.current) apply(true, true);
    },
    [apply, cancelClose],
  );

  const onPointerLeave = useCallback(
    (event: { pointerType: string }) => {
      if (!isHover(event)) return;
      cancelClose();
      timer.current = setTimeout(() => {
        timer.current = null;
        apply(false, false);
      }, delay);
    },
    [apply, cancelClose, delay],
  );

  useEffect(() => cancelClose, [cancelClose]);

  return { open, setOpen, toggle, onPointerEnter, onPointerLeave };
}
