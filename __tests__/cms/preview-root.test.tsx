/**
 * The preview bridge: a Decap template (createClass, a div with a ref) that mounts a React root of the site's views
 * in that div, re-renders it from each update's props, and unmounts it when the template goes. Decap's React is
 * stood in for here by a second render tree driven through create-react-class, as Decap's own bundle does.
 */
import React, { useState } from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { reactRootTemplate } from "../../src/cms/preview-root";
import type { DecapPreviewProps } from "../../src/cms/decap";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function createClass(spec: Record<string, unknown>) {
  return class DecapTemplate extends React.Component<DecapPreviewProps> {
    constructor(props: DecapPreviewProps) {
      super(props);
      for (const [name, value] of Object.entries(spec)) {
        if (typeof value === "function") (this as unknown as Record<string, unknown>)[name] = value.bind(this);
      }
    }
  };
}

const decap = {
  h: React.createElement as never,
  createClass: createClass as never,
};

function props(title: string): DecapPreviewProps {
  return {
    entry: {
      get: ((key: string) =>
        key === "data" ? { toJS: () => ({ title }) } : key === "slug" ? "a-service" : undefined) as never,
    },
    getAsset: (path: string) => ({ toString: () => `blob:${path}` }),
    getCollection: async () => [],
  };
}

function Counter({ title }: { title: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {title} {clicks}
    </button>
  );
}

test("loads and mounts the site's view in Decap's div, follows each update, handles clicks, and unmounts with it", async () => {
  // React 18 and the views come with the first preview, as the editor loads them (a chunk of their own).
  let loads = 0;
  const Template = reactRootTemplate(decap, async () => {
    loads += 1;
    return { createRoot, render: ({ entry }) => <Counter title={String(entry.get("data").toJS().title)} /> };
  }) as unknown as React.ComponentType<DecapPreviewProps>;
  const host = document.createElement("div");
  document.body.append(host);
  const decapRoot = createRoot(host);

  await act(async () => decapRoot.render(<Template {...props("Tax Planning")} />));
  const button = host.querySelector("div > button")!;
  expect(button.textContent).toBe("Tax Planning 0");

  // The editor types: Decap re-renders the template with new props; the site's view follows, keeping its state.
  await act(async () => button.dispatchEvent(new MouseEvent("click", { bubbles: true })));
  await act(async () => decapRoot.render(<Template {...props("Tax and Estate Planning")} />));
  expect(host.querySelector("button")!.textContent).toBe("Tax and Estate Planning 1");
  expect(loads).toBe(1);

  // The entry closes: the site's root goes with it.
  await act(async () => decapRoot.render(<p>closed</p>));
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(host.querySelector("button")).toBeNull();
  expect(host.textContent).toBe("closed");
});
