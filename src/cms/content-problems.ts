/**
 * The editor's line about content the site cannot build: the build's content check over every file the backend
 * holds, when the editor opens and after each save while it names problems. A file Decap would drop from its list or
 * open empty is named here, with its line, until it is fixed. Plain DOM beside Decap's; styles in admin.css.
 */
import type { ContentError } from "../content/rules";
import { lineAndColumn } from "../content/model";

/**
 * Where the editor's own lines stand (this one, and "Is it live?": live-panel.ts): one above the other at the bottom
 * of the page, clear of Decap's toolbar.
 */
export function noticeArea(doc: Document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>(".admin-notices");
  if (existing) return existing;
  const area = makers(doc).el("div", { className: "admin-notices" });
  doc.body.append(area);
  // How tall the lines are now: the fields and the notes end above them (admin.css). jsdom has no ResizeObserver.
  const Observer = doc.defaultView?.ResizeObserver;
  const measured = () => doc.documentElement.style.setProperty("--admin-notices-height", `${area.offsetHeight}px`);
  if (Observer) new Observer(measured).observe(area);
  return area;
}

/**
 * What the editor's own lines and dialogs are made of, in `doc`: `el`, an element with its properties and attributes
 * (ARIA's, which jsdom does not reflect as properties); `button`, a button with its words.
 */
export function makers(doc: Document) {
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    attributes: Record<string, string> = {},
  ) => {
    const made = Object.assign(doc.createElement(tag), props);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    return made;
  };
  const button = (textContent: string, props: Partial<HTMLButtonElement> = {}) =>
    el("button", { type: "button", textContent, ...props });
  return { el, button };
}

/** One of those lines: a section named for assistive technology, its content, and a Hide button. */
export function noticePanel(doc: Document, className: string, label: string, ...content: HTMLElement[]): HTMLElement {
  const { el, button } = makers(doc);
  const panel = el("section", { className }, { "aria-label": label });
  const hide = button("Hide");
  hide.addEventListener("click", () => (panel.hidden = true));
  panel.append(...content, hide);
  return panel;
}

export interface ProblemsSource {
  /** The content check's mistakes in what the backend holds now. */
  check(): Promise<ContentError[]>;
}

const where = (error: ContentError) => [error.file, lineAndColumn(error), error.path].filter(Boolean).join(", ");

export function startContentProblems(source: ProblemsSource, doc: Document = document): { refresh(): void } {
  const { el } = makers(doc);
  const [lead, list] = [el("p"), el("ul")];
  const panel = noticePanel(doc, "content-problems", "Content problems", lead, list);
  panel.setAttribute("role", "alert");

  const check = async () => {
    const errors = await source.check().catch(() => []);
    if (errors.length === 0) {
      panel.remove();
      return;
    }
    const files = new Set(errors.map((error) => error.file)).size;
    lead.textContent =
      `The site will not build until ${errors.length === 1 ? "this problem is" : `these ${errors.length} problems are`} ` +
      `fixed, in ${files === 1 ? "one file" : `${files} files`} (a file that is not valid YAML opens empty here):`;
    list.replaceChildren(...errors.map((error) => el("li", { textContent: `${where(error)}: ${error.message}` })));
    panel.hidden = false;
    if (!panel.isConnected) noticeArea(doc).prepend(panel);
  };
  void check();
  // After a save or a publish, which the content check passed: only problems already shown can have changed.
  return { refresh: () => void (panel.isConnected && check()) };
}
