/**
 * Scheduled publishing: a publisher sets a time on a Ready draft, and at that time the server publishes the draft's
 * head as it was when the time was set (the version reviewed), through Publish. The schedule is kept where the draft
 * lives, as one readable text: its pull request's description, or locally its branch's git config.
 */

/**
 * When (an ISO instant), the draft's head when the time was set (what is published), the publisher who set it (in
 * whose name it is published), and why it was not published at its time, if it was not (it is not tried again).
 */
export type Schedule = { at: string; head: string; by: string; problem?: string };
/**
 * A draft as the backends list it for the board: its head now, whether it is Ready (a time needs it), its schedule,
 * and where it has review notes, how many are open.
 */
export type Draft = {
  collection: string;
  slug: string;
  head: string;
  ready: boolean;
  schedule: Schedule | null;
  openNotes?: number;
};

const SET = /^Publish at (\S+), as reviewed at commit ([0-9a-f]{40}), set by (.+)\.$/m;
const FAILED = /^Not published: (.+)$/m;

export const scheduleText = ({ at, head, by, problem }: Schedule) =>
  `Publish at ${at}, as reviewed at commit ${head}, set by ${by}.` +
  (problem ? `\nNot published: ${problem.replace(/^(Not \w+|Refused): /, "").replace(/\s+/g, " ")}` : "");

/** An ISO instant as the editor sends one (toISOString), no further ahead than a publisher may choose. */
const isInstant = (at: string, now = -Infinity) => {
  const time = Date.parse(at);
  return time > now && time <= Date.now() + SCHEDULE_AHEAD && new Date(time).toISOString() === at;
};
/** How far ahead a time may be set: two years. */
const SCHEDULE_AHEAD = 731 * 86_400_000;

export function readSchedule(text: string | null | undefined): Schedule | null {
  const [, at, head, by] = SET.exec(text ?? "") ?? [];
  const problem = FAILED.exec(text ?? "")?.[1];
  return at && isInstant(at) ? { at, head, by, ...(problem && { problem }) } : null;
}

/** Why a time cannot be set on `draft` (or cleared: `at` null) by an editor who saw its `head`; null when it can. */
export function scheduleProblem(draft: Draft | undefined, head: string, at: string | null, now: number) {
  if (!draft) return "Not scheduled: there is no such draft.";
  if (draft.head !== head) return "Not scheduled: the draft changed since you opened it. Open it again to review it.";
  if (at === null) return null;
  if (!draft.ready) return "Not scheduled: set the draft's status to Ready first.";
  return isInstant(at, now) ? null : "Not scheduled: choose a time to come, within two years.";
}

/** Whether the server publishes `draft` at `now`: its time has come, it has not failed, it is Ready and as reviewed. */
export const isDue = ({ head, ready, schedule }: Draft, now: number) =>
  ready && !!schedule && !schedule.problem && schedule.head === head && Date.parse(schedule.at) <= now;

/** The wall clock in `timeZone` at `instant`, read as if it were UTC (ms). */
const wallClock = (instant: number, timeZone: string) =>
  Date.parse(
    `${new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" }).format(instant).replace(" ", "T")}Z`,
  );

/** The instant a date and time (an input's "2026-12-01T09:00") names in `timeZone`. */
export function instantOf(local: string, timeZone: string): number {
  const wall = Date.parse(`${local}:00Z`);
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - (wallClock(instant, timeZone) - instant);
  return instant;
}

/** `instant` as a date and time input shows it in `timeZone`. */
export const localInput = (instant: number, timeZone: string) =>
  new Date(wallClock(instant, timeZone)).toISOString().slice(0, 16);

/**
 * The instant a publisher means by `local` in `timeZone`, or why it names none: not a date and time, or a time the
 * clocks skip (a gap when they go forward), which would otherwise be published at another hour than the one typed.
 */
export function chosenTime(local: string, timeZone: string): number | string {
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(local) ? instantOf(local, timeZone) : NaN;
  if (Number.isNaN(at)) return "Not scheduled: choose a date and a time.";
  if (localInput(at, timeZone) !== local) {
    return `Not scheduled: ${local.replace("T", " ")} does not exist in ${timeZone}, where the clocks go forward then: choose another time.`;
  }
  return at;
}

const WHEN = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" } as const;
/** What the board and the draft say of a draft's schedule; "" for none. */
export function scheduleLine({ head, ready, schedule }: Draft, timeZone: string): string {
  if (!schedule) return "";
  const when = `${new Intl.DateTimeFormat("en-GB", { ...WHEN, timeZone }).format(Date.parse(schedule.at))} ${timeZone}`;
  if (schedule.problem) return `Not published at ${when}: ${schedule.problem}`;
  if (schedule.head !== head) {
    return `Not publishing at ${when}: the draft changed after the time was set. Review it, and set the time again.`;
  }
  if (!ready) return `Not publishing at ${when}: the draft is no longer Ready.`;
  return `Publishes at ${when}, as reviewed, set by ${schedule.by}.`;
}
