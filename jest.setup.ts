// jsdom lacks scrollTo, matchMedia and PointerEvent; tests replace the stubs when they need to observe them. Test files
// in Node's environment (`@jest-environment node`: the login functions, esbuild) have no window to complete.
import "@testing-library/jest-dom";
import { matchMediaStub } from "./__tests__/helpers/match-media";

if (typeof window !== "undefined") {
  Object.defineProperty(window, "scrollTo", { writable: true, value: jest.fn() });
  Object.defineProperty(window, "matchMedia", { writable: true, value: matchMediaStub() });
}

// A minimal PointerEvent, so fireEvent.pointerEnter(el, { pointerType: "mouse" }) reaches React with its pointerType.
if (typeof window !== "undefined" && typeof window.PointerEvent === "undefined") {
  class PointerEventStub extends MouseEvent {
    pointerType: string;
    pointerId: number;
    isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? "";
      this.pointerId = init.pointerId ?? 0;
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  Object.defineProperty(window, "PointerEvent", { value: PointerEventStub, writable: true, configurable: true });
}
