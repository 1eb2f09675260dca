import type { AuditActorNames, AuditEvent, AuditEventList } from '../../../core/src/index.js';

/** Everything the browser shows, changed only by `browserReducer`: no I/O, so it is tested as data. */
export interface BrowserState {
  /** Events loaded so far, newest first, as the API pages them. */
  events: AuditEvent[];
  /** The names of the loaded events' actors, from the pages' `names`. */
  names: AuditActorNames;
  /** Cursor of the next (older) page; null when the log has no more. */
  nextCursor: string | null;
  /** Whether the first page has arrived. */
  started: boolean;
  loading: boolean;
  error: string | null;
  /** The filter text; matches an event's type, actor (id or name) or target, case-insensitively. */
  filter: string;
  /** Whether keys go to the filter (after `/`) rather than to navigation. */
  filtering: boolean;
  /** Index of the selected event among the visible (filtered) ones. */
  selected: number;
  /** The event opened with Enter, shown in full; null in the list. */
  opened: AuditEvent | null;
  /** First line shown of the opened event (the view clamps it to the event's length). */
  detailOffset: number;
  quit: boolean;
}

export type BrowserAction =
  | { type: 'load_started' }
  | { type: 'page_loaded'; page: AuditEventList }
  | { type: 'load_failed'; message: string }
  | { type: 'move'; by: number }
  | { type: 'move_to'; where: 'first' | 'last' }
  | { type: 'filter_start' }
  | { type: 'filter_input'; text: string }
  | { type: 'filter_backspace' }
  | { type: 'filter_done' }
  | { type: 'filter_clear' }
  | { type: 'open' }
  | { type: 'scroll'; by: number }
  | { type: 'back' }
  | { type: 'quit' };

export const initialBrowserState: BrowserState = {
  events: [],
  names: {},
  nextCursor: null,
  started: false,
  loading: false,
  error: null,
  filter: '',
  filtering: false,
  selected: 0,
  opened: null,
  detailOffset: 0,
  quit: false,
};

/** Whether the event's type, actor or an agent that acted for it (id or name), or target contains the filter, case-insensitively. */
export function eventMatches(event: AuditEvent, filter: string, names: AuditActorNames = {}): boolean {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return true;
  const nameOf = (id: string): string => (Object.hasOwn(names, id) ? names[id]! : '');
  const actors = [event.actor.subject, ...(event.actor.act ?? []).map((agent) => agent.sub)].flatMap((id) => [id, nameOf(id)]);
  return [event.type, ...actors, `${event.target.type}:${event.target.id}`].some((field) => field.toLowerCase().includes(needle));
}

/** The events the list shows: the loaded ones that match the filter, newest first. */
export function visibleEvents(state: BrowserState): AuditEvent[] {
  return state.events.filter((event) => eventMatches(event, state.filter, state.names));
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case 'load_started':
      return { ...state, loading: true, error: null };
    case 'page_loaded': {
      // A page can overlap what is loaded only if the log was retention-pruned meanwhile; ids keep the list unique.
      const known = new Set(state.events.map((event) => event.id));
      const events = [...state.events, ...action.page.data.filter((event) => !known.has(event.id))];
      return { ...state, events, names: { ...state.names, ...action.page.names }, nextCursor: action.page.next_cursor, started: true, loading: false };
    }
    case 'load_failed':
      return { ...state, loading: false, error: action.message };
    case 'move':
      return { ...state, selected: clampIndex(state.selected + action.by, visibleEvents(state).length) };
    case 'move_to':
      return { ...state, selected: action.where === 'first' ? 0 : clampIndex(Number.MAX_SAFE_INTEGER, visibleEvents(state).length) };
    case 'filter_start':
      return { ...state, filtering: true };
    case 'filter_input':
      return withFilter(state, state.filter + action.text);
    case 'filter_backspace':
      return withFilter(state, state.filter.slice(0, -1));
    case 'filter_done':
      return { ...state, filtering: false };
    case 'filter_clear':
      return { ...withFilter(state, ''), filtering: false };
    case 'open': {
      const event = visibleEvents(state)[state.selected];
      return event ? { ...state, opened: event, detailOffset: 0, filtering: false } : state;
    }
    case 'scroll':
      return { ...state, detailOffset: Math.max(0, state.detailOffset + action.by) };
    case 'back':
      return { ...state, opened: null };
    case 'quit':
      return { ...state, quit: true };
  }
}

/** A new filter keeps the selected event selected when it still matches, else selects the newest match. */
function withFilter(state: BrowserState, filter: string): BrowserState {
  const current = visibleEvents(state)[state.selected];
  const next = { ...state, filter };
  const index = current ? visibleEvents(next).indexOf(current) : -1;
  return { ...next, selected: Math.max(index, 0) };
}

function clampIndex(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}

/**
 * Whether to ask for the next page now: before the first one, or when the selection is within a
 * screen of the end of the visible list (so scrolling down never waits at the bottom), or when a
 * filter leaves less than a screen of matches among what is loaded.
 */
export function needsMoreEvents(state: BrowserState, rows: number): boolean {
  if (state.loading || state.error !== null) return false;
  if (!state.started) return true;
  if (state.nextCursor === null) return false;
  const visible = visibleEvents(state).length;
  return visible < rows || state.selected >= visible - 1 - Math.floor(rows / 2);
}

/** The first row of the window of `rows` events that keeps the selection in view, near its middle. */
export function windowStart(selected: number, count: number, rows: number): number {
  return Math.max(0, Math.min(selected - Math.floor(rows / 2), count - rows));
}
