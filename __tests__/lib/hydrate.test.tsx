/**
 * Hydration that input never forces to finish at once: discrete events wait at the window until React has hydrated the
 * page and run its effects, and the browser's own behaviour goes on meanwhile.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import React, { useEffect, useState } from "react";
import { renderToString } from "react-dom/server";
import { DISCRETE_EVENTS, holdDiscreteEvents, hydrateInSlices } from "../../src/lib/hydrate";

const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnvironment: boolean | undefined;
let container: HTMLElement;
let unmount: (() => void) | undefined;

beforeEach(() => {
  // Hydration here runs as in the browser, on React's scheduler, not inside act().
  actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
  container.remove();
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

test("held: discrete events reach no script; released: they do; other events and the browser's own behaviour go on", () => {
  document.body.innerHTML = '<label><input type="checkbox"> Agree</label><button>Go</button>';
  const seen: string[] = [];
  const record = (event: Event) => seen.push(event.type);
  for (const type of ["click", "keydown", "pointerdown", "focusin"]) document.addEventListener(type, record);
  const release = holdDiscreteEvents(window);
  const box = document.querySelector("input")!;
  box.click();
  document.querySelector("button")!.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Enter" }));
  document.querySelector("button")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  document.querySelector("button")!.focus();
  expect(seen).toEqual(["focusin"]);
  expect(box.checked).toBe(true); // the default action is the browser's, untouched
  release();
  release(); // twice is harmless
  box.click();
  expect(seen).toEqual(["focusin", "click"]);
  expect(box.checked).toBe(false);
  for (const type of ["click", "keydown", "pointerdown", "focusin"]) document.removeEventListener(type, record);
  document.body.innerHTML = "";
});

test("the held events are exactly those React 18 hydrates synchronously for", () => {
  // react-dom keeps the list private; its development build names it, so a React upgrade that changes it shows here.
  const file = path.join(__dirname, "..", "..", "node_modules", "react-dom", "cjs", "react-dom.development.js");
  const source = fs.readFileSync(file, "utf8");
  const list = /var discreteReplayableEvents = \[([^\]]*)\]/.exec(source)?.[1] ?? "";
  const reacts = [...list.matchAll(/'([a-zA-Z]+)'/g)].map(([, name]) => name);
  expect(reacts.length).toBeGreaterThan(20);
  expect([...DISCRETE_EVENTS].sort()).toEqual(reacts.sort());
});

function Page({ onPress }: { onPress: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <main data-ready={ready ? "" : undefined}>
      <button type="button" onClick={onPress}>
        Press
      </button>
      {Array.from({ length: 200 }, (_, i) => (
        <p key={i}>Paragraph {i}</p>
      ))}
    </main>
  );
}

test("a press during hydration does not make React finish it inside the press; React handles presses once hydrated", async () => {
  const pressed = jest.fn();
  container.innerHTML = renderToString(<Page onPress={pressed} />);
  const consoleError = jest.spyOn(console, "error");
  unmount = hydrateInSlices(<Page onPress={pressed} />, container);
  expect(unmount).toBeDefined();
  const main = container.querySelector("main")!;
  // Without the hold, React would hydrate the whole page synchronously here, run its effects and call onPress.
  container.querySelector("button")!.click();
  expect(pressed).not.toHaveBeenCalled();
  expect(main.hasAttribute("data-ready")).toBe(false);
  await until(() => main.hasAttribute("data-ready"));
  // Same DOM, hydrated (no mismatch, nothing replaced), and now React's.
  expect(container.querySelector("main")).toBe(main);
  container.querySelector("button")!.click();
  expect(pressed).toHaveBeenCalledTimes(1);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

/** The discrete events a spy on addEventListener saw held (React itself may listen for "error" while it renders). */
const held = (add: jest.SpyInstance) =>
  add.mock.calls.filter(([type]) => (DISCRETE_EVENTS as readonly string[]).includes(type));

test("an empty container (gatsby develop's) is rendered into, with no hydration error and no input held", async () => {
  const consoleError = jest.spyOn(console, "error");
  const add = jest.spyOn(window, "addEventListener");
  const pressed = jest.fn();
  unmount = hydrateInSlices(<Page onPress={pressed} />, container);
  await until(() => container.querySelector("main[data-ready]") !== null);
  container.querySelector("button")!.click();
  expect(pressed).toHaveBeenCalledTimes(1);
  expect(held(add)).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
  add.mockRestore();
});

test("no container, no hydration and nothing held", () => {
  const add = jest.spyOn(window, "addEventListener");
  expect(hydrateInSlices(<p />, null)).toBeUndefined();
  expect(held(add)).toEqual([]);
  add.mockRestore();
});
