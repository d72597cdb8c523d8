/**
 * Open/close state of a hover dropdown: opens on pointer enter, closes DROPDOWN_CLOSE_DELAY_MS after the pointer
 * leaves unless it comes back first; also opened and closed directly (button, Escape, outside click, link select).
 */
import { useCallback, useEffect, useRef, useState } from "react";

/** How long the services dropdown stays open after the pointer leaves it (SPEC §2 and §9). */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

export interface HoverDisclosure {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  onPointerEnter: (event: { pointerType: string }) => void;
  onPointerLeave: (event: { pointerType: string }) => void;
}

/** Hover is a mouse gesture: touch and pen taps go through the button and the links instead. */
function isHover(event: { pointerType: string }): boolean {
  return event.pointerType === "mouse";
}

export function useHoverDisclosure(delay = DROPDOWN_CLOSE_DELAY_MS): HoverDisclosure {
  const [open, setOpenState] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = useCallback(() => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  }, []);

  const setOpen = useCallback(
    (next: boolean) => {
      cancelClose();
      setOpenState(next);
    },
    [cancelClose],
  );

  const toggle = useCallback(() => {
    cancelClose();
    setOpenState((current) => !current);
  }, [cancelClose]);

  const onPointerEnter = useCallback(
    (event: { pointerType: string }) => {
      if (isHover(event)) setOpen(true);
    },
    [setOpen],
  );

  const onPointerLeave = useCallback(
    (event: { pointerType: string }) => {
      if (!isHover(event)) return;
      cancelClose();
      timer.current = setTimeout(() => {
        timer.current = null;
        setOpenState(false);
      }, delay);
    },
    [cancelClose, delay],
  );

  useEffect(() => cancelClose, [cancelClose]);

  return { open, setOpen, toggle, onPointerEnter, onPointerLeave };
}
