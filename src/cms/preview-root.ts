/**
 * A Decap preview template that draws with the site's React 18: Decap (with its own React 19) renders a plain
 * `<div>` with a ref, inside its preview frame; on mount this creates a React 18 root in that div (so in the frame's
 * document, under the site's CSS there), renders the site's views into it from plain data on every update (as the
 * editor types), and unmounts the root when Decap removes the template (the entry closes). No React 18 element is
 * ever handed to Decap's React (that fails with React error #525).
 */
import type React from "react";
import { createRoot, type Root } from "react-dom/client";
import type { DecapComponent, DecapGlobals, DecapPreviewProps } from "./decap";

interface Instance {
  props: DecapPreviewProps;
  container: HTMLElement | null;
  root: Root | null;
  draw(): void;
}

/**
 * `render` gets Decap's props on every update and returns the site's React 18 tree for them; it should hand the
 * site's views plain data (entry.get("data").toJS()), not Decap's Immutable maps.
 */
export function reactRootTemplate(
  decap: Pick<DecapGlobals, "h" | "createClass">,
  render: (props: DecapPreviewProps) => React.ReactNode,
): DecapComponent {
  return decap.createClass<DecapPreviewProps>({
    componentDidMount(this: Instance) {
      if (!this.container) return;
      this.root = createRoot(this.container);
      this.draw();
    },
    componentDidUpdate(this: Instance) {
      this.draw();
    },
    componentWillUnmount(this: Instance) {
      const root = this.root;
      this.root = null;
      // After Decap's commit: React 18 unmounts its root outside the other React's render.
      if (root) setTimeout(() => root.unmount(), 0);
    },
    draw(this: Instance) {
      this.root?.render(render(this.props));
    },
    render(this: Instance) {
      return decap.h("div", {
        ref: (element: HTMLElement | null) => {
          this.container = element;
        },
      });
    },
  });
}
