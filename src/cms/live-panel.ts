/**
 * The editor's "Is it live?" line at /admin/ (hosted backends): once the editor has logged in, and again after each
 * save or publish, it says whether the live site shows the latest saved change, is being built, or failed to build
 * (with the host's link), checking again while a build runs; Hide puts it away until the next change. Plain DOM
 * beside Decap's interface; styles in admin.css.
 */
import { makers, noticeArea, noticePanel } from "./content-problems";
import { describeLive, readLive, type LiveSource, type LiveState } from "./live-status";

const CHECK_EVERY_MS = 15_000;
/** How long after a change the line keeps checking by itself; a save or publish starts it again. */
const KEEP_CHECKING_MS = 20 * 60_000;

export interface LivePanel {
  /** Checks now, and keeps checking while a build runs. */
  refresh(): void;
}

export function startLivePanel(source: LiveSource, doc: Document = document): LivePanel {
  const { el } = makers(doc);
  const text = el("p", {}, { role: "status" });
  const link = el("a", {
    target: "_blank",
    rel: "noopener noreferrer",
    textContent: "Build details",
    hidden: true,
  });
  const panel = noticePanel(doc, "live-status", "Live site", text, link);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let since = Date.now();
  const show = (message: string, href?: string, state = "") => {
    panel.hidden = false;
    panel.dataset.state = state;
    text.textContent = message;
    link.hidden = !href;
    if (href) link.href = href;
    else link.removeAttribute("href");
    if (!panel.isConnected) noticeArea(doc).append(panel);
  };
  const check = async () => {
    clearTimeout(timer);
    let live: LiveState;
    try {
      live = await readLive(source);
    } catch (error) {
      show(`Could not check the live site: ${(error as Error).message}.`, undefined, "error");
      return;
    }
    show(describeLive(live), "link" in live ? live.link : undefined, live.state);
    const settled = live.state === "live" || live.state === "failed";
    if (!settled && Date.now() - since < KEEP_CHECKING_MS) timer = setTimeout(check, CHECK_EVERY_MS);
  };
  void check();
  return {
    refresh() {
      since = Date.now();
      void check();
    },
  };
}
