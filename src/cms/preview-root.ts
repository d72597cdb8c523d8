/**
 * A Decap preview template that draws with the site's React 18: Decap (with its own React 19) renders a plain
 * `<div>` with a ref, inside its preview frame; on mount this creates a React 18 root in that div (so in the frame's
 * document, under the site's CSS there), renders the site's views into it from plain data on every update (as the
 * editor types), and unmounts the root when Decap removes the template (the entry closes). No React 18 element is
 * ever handed to Decap's React (that fails with React error #525). React 18 and the views load with the first
 * preview (`load`), not with the editor: the login page does not need them.
 */
import type React from "react";
import type { Root } from "react-dom/client";
import type { DecapComponent, DecapGlobals, DecapPreviewProps } from "./decap";

/**
 * React 18's createRoot, and the site's React 18 tree for Decap's props on each update: it should hand the site's
 * views plain data (entry.get("data").toJS()), not Decap's Immutable maps.
 */
export interface PreviewRenderer {
  createRoot(container: HTMLElement): Root;
  render(props: DecapPreviewProps): React.ReactNode;
}

interface Instance {
  props: DecapPreviewProps;
  container: HTMLElement | null;
  root: Root | null;
  renderer: PreviewRenderer | null;
  gone: boolean;
  draw(): void;
}

export function reactRootTemplate(
  decap: Pick<DecapGlobals, "h" | "createClass">,
  load: () => Promise<PreviewRenderer>,
): DecapComponent {
  return decap.createClass<DecapPreviewProps>({
    componentDidMount(this: Instance) {
      void load().then((renderer) => {
        if (!this.container || this.gone) return;
        this.renderer = renderer;
        this.root = renderer.createRoot(this.container);
        this.draw();
      });
    },
    componentDidUpdate(this: Instance) {
      this.draw();
    },
    componentWillUnmount(this: Instance) {
      this.gone = true;
      const root = this.root;
      this.root = null;
      // After Decap's commit: React 18 unmounts its root outside the other React's render.
      if (root) setTimeout(() => root.unmount(), 0);
    },
    draw(this: Instance) {
      if (this.renderer) this.root?.render(this.renderer.render(this.props));
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
