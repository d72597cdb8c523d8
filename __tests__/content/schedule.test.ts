/**
 * A draft's schedule as the backends keep it and the editor shows and takes it: one readable text that reads back
 * the same, times in the firm's zone on either side of a clock change, and what a backend refuses or publishes.
 */
import {
  chosenTime,
  instantOf,
  isDue,
  localInput,
  readSchedule,
  scheduleLine,
  scheduleProblem,
  scheduleText,
  type Draft,
} from "../../src/content/schedule";

const head = "a".repeat(40);
const schedule = { at: "2026-12-01T14:00:00.000Z", head, by: "Ben Partner <ben@firm.example>" };
const draft: Draft = { collection: "services", slug: "tax", head, ready: true, schedule };
const at = Date.parse(schedule.at);

test("the text kept with a draft reads back as it was written, a refusal's reason with it, in any description", () => {
  expect(readSchedule(scheduleText(schedule))).toEqual(schedule);
  const failed = scheduleText({ ...schedule, problem: "Not saved: the check\nrefuses it." });
  expect(failed).toMatch(/\nNot published: the check refuses it\.$/);
  expect(readSchedule(`A draft saved by ann@firm.example.\n\n${failed}`)).toEqual({
    ...schedule,
    problem: "the check refuses it.",
  });
  expect(readSchedule("A draft saved by ann@firm.example.")).toBeNull();
  expect(readSchedule(null)).toBeNull();
});

test.each([
  ["America/New_York", "2026-12-01T09:00", "2026-12-01T14:00:00.000Z"],
  ["America/New_York", "2026-07-01T09:00", "2026-07-01T13:00:00.000Z"],
  ["Europe/London", "2026-03-29T09:00", "2026-03-29T08:00:00.000Z"],
  ["Europe/London", "2026-10-25T12:00", "2026-10-25T12:00:00.000Z"],
  ["Asia/Kolkata", "2026-12-01T09:00", "2026-12-01T03:30:00.000Z"],
  ["UTC", "2026-12-01T09:00", "2026-12-01T09:00:00.000Z"],
])("in %s, %s is %s, and shows as it was typed", (zone, local, instant) => {
  expect(new Date(instantOf(local, zone)).toISOString()).toBe(instant);
  expect(localInput(Date.parse(instant), zone)).toBe(local);
});

test("a time is set on a Ready draft, as the editor saw it, for a time to come; cleared on any", () => {
  const now = at - 60_000;
  expect(scheduleProblem(draft, head, schedule.at, now)).toBeNull();
  expect(scheduleProblem({ ...draft, ready: false }, head, null, now)).toBeNull();
  expect(scheduleProblem(undefined, head, null, now)).toMatch(/no such draft/);
  expect(scheduleProblem(draft, "b".repeat(40), null, now)).toMatch(/changed since you opened it/);
  expect(scheduleProblem({ ...draft, ready: false }, head, schedule.at, now)).toMatch(/Ready first/);
  for (const time of [new Date(now).toISOString(), "2026-12-01T14:00:00Z", "2026-12-01T14:00:00.000Z\nNot published"]) {
    expect(scheduleProblem(draft, head, time, now)).toBe("Not scheduled: choose a time to come, within two years.");
  }
});

test("years are bounded: a time past two years ahead is refused, and one kept so reads as no schedule", () => {
  const now = Date.now();
  const far = new Date(now + 732 * 86_400_000).toISOString();
  const near = new Date(now + 730 * 86_400_000).toISOString();
  expect(scheduleProblem(draft, head, far, now)).toMatch(/within two years/);
  expect(scheduleProblem(draft, head, near, now)).toBeNull();
  expect(scheduleProblem(draft, head, "+275760-09-13T00:00:00.000Z", now)).toMatch(/within two years/);
  expect(readSchedule(scheduleText({ ...schedule, at: "+275760-09-13T00:00:00.000Z" }))).toBeNull();
  expect(readSchedule(scheduleText({ ...schedule, at: "not a time" }))).toBeNull();
});

test.each([
  ["America/Los_Angeles", "2027-03-14T02:30"],
  ["Europe/London", "2027-03-28T01:30"],
  ["Australia/Sydney", "2026-10-04T02:15"],
])("in %s, %s is a time the clocks skip: the dialog refuses it, naming it", (zone, local) => {
  expect(chosenTime(local, zone)).toBe(
    `Not scheduled: ${local.replace("T", " ")} does not exist in ${zone}, where the clocks go forward then: choose another time.`,
  );
});

test("a time either side of a gap, or in the hour that repeats, is the one typed", () => {
  for (const local of ["2027-03-14T01:59", "2027-03-14T03:00", "2027-11-07T01:30"]) {
    expect(localInput(chosenTime(local, "America/Los_Angeles") as number, "America/Los_Angeles")).toBe(local);
  }
  expect(chosenTime("", "UTC")).toBe("Not scheduled: choose a date and a time.");
  expect(chosenTime("275760-09-13T00:00", "UTC")).toBe("Not scheduled: choose a date and a time.");
});

test("due at its time, Ready, as reviewed and not refused before; the board says which", () => {
  expect([isDue(draft, at - 1), isDue(draft, at)]).toEqual([false, true]);
  expect(scheduleLine(draft, "America/New_York")).toBe(
    "Publishes at 1 Dec 2026, 09:00 America/New_York, as reviewed, set by Ben Partner <ben@firm.example>.",
  );
  const lines: [Draft, RegExp][] = [
    [{ ...draft, head: "b".repeat(40) }, /^Not publishing at .*: the draft changed after the time was set/],
    [{ ...draft, ready: false }, /^Not publishing at .*: the draft is no longer Ready/],
    [{ ...draft, schedule: { ...schedule, problem: "the check refuses it." } }, /^Not published at .*: the check/],
  ];
  for (const [other, line] of lines) {
    expect(isDue(other, at)).toBe(false);
    expect(scheduleLine(other, "UTC")).toMatch(line);
  }
  expect(scheduleLine({ ...draft, schedule: null }, "UTC")).toBe("");
});
