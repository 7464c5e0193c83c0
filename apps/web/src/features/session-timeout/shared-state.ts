/**
 * What the tabs of one browser share: the time of the last activity (localStorage, read at every check).
 * The continue and sign-out events go through lib/session/channel.ts, which the user menu's sign-out uses too.
 */
const ACTIVITY_KEY = 'fc.session.activity';

export function readActivity(): number {
  const v = Number(localStorage.getItem(ACTIVITY_KEY));
  return Number.isFinite(v) ? v : 0;
}

export function writeActivity(at: number) {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    /* storage disabled: this tab still counts its own activity */
  }
}
