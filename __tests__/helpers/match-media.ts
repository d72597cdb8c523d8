/** A window.matchMedia stand-in (jsdom has none): `matches(query)` decides which media queries match. */
export function matchMediaStub(matches: (query: string) => boolean = () => false): jest.Mock {
  return jest.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
}
