// jsdom lacks scrollTo and matchMedia; tests replace these stubs when they need to observe them.
import "@testing-library/jest-dom";

Object.defineProperty(window, "scrollTo", { writable: true, value: jest.fn() });
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: jest.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })),
});
