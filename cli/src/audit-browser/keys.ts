import { browserReducer, type BrowserAction, type BrowserState } from './state.js';

/** The keys the browser reads (a subset of ink's `Key`, so this module stays free of ink). */
export interface KeyPress {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  backspace?: boolean;
  delete?: boolean;
  ctrl?: boolean;
  meta?: boolean;
}

const pageSize = 10;

/** The footer's key help for each mode: what `actionForKey` does, in words. */
export function keyHelp(state: BrowserState): string {
  if (state.opened) return '↑↓/j k scroll · Esc/q/← back · Ctrl-C quit';
  if (state.filtering) return 'type to filter (type, actor, target) · ↑↓ move · Enter keep filter · Esc clear';
  return `↑↓/j k move · PgUp/PgDn · g/G first/last · Enter open · / filter${state.filter ? ' · Esc clear filter' : ''} · q quit`;
}

/** What a key press does in the current mode: list, filter input, or an opened event. */
export function actionForKey(state: BrowserState, input: string, key: KeyPress): BrowserAction | undefined {
  if (key.ctrl && input === 'c') return { type: 'quit' };
  if (state.opened) {
    if (key.escape || key.leftArrow || key.backspace || key.delete || input === 'q') return { type: 'back' };
    if (key.upArrow || input === 'k') return { type: 'scroll', by: -1 };
    if (key.downArrow || input === 'j') return { type: 'scroll', by: 1 };
    if (key.pageUp) return { type: 'scroll', by: -pageSize };
    if (key.pageDown) return { type: 'scroll', by: pageSize };
    return undefined;
  }
  if (key.upArrow) return { type: 'move', by: -1 };
  if (key.downArrow) return { type: 'move', by: 1 };
  if (key.pageUp) return { type: 'move', by: -pageSize };
  if (key.pageDown) return { type: 'move', by: pageSize };
  if (state.filtering) {
    if (key.escape) return { type: 'filter_clear' };
    if (key.return) return { type: 'filter_done' };
    if (key.backspace || key.delete) return { type: 'filter_backspace' };
    const text = [...input].filter((char) => char >= ' ' && char !== '\u007f').join('');
    return text !== '' && !key.ctrl && !key.meta ? { type: 'filter_input', text } : undefined;
  }
  if (key.return) return { type: 'open' };
  if (key.escape) return state.filter ? { type: 'filter_clear' } : { type: 'quit' };
  if (key.home) return { type: 'move_to', where: 'first' };
  if (key.end) return { type: 'move_to', where: 'last' };
  switch (input) {
    case 'k':
      return { type: 'move', by: -1 };
    case 'j':
      return { type: 'move', by: 1 };
    case 'g':
      return { type: 'move_to', where: 'first' };
    case 'G':
      return { type: 'move_to', where: 'last' };
    case '/':
      return { type: 'filter_start' };
    case 'q':
      return { type: 'quit' };
    default:
      return undefined;
  }
}

/** A key press or a state change: what the browser's view dispatches. */
export type BrowserEvent = BrowserAction | { type: 'key'; input: string; key: KeyPress };

/**
 * The browser's reducer: a key press is read against the state it arrives in (not the one the
 * view last rendered: keys typed quickly, like `/` then `p`, arrive before a new render). Keys
 * that reach the terminal together (typed fast, held down, pasted) come as one input, `jjjj`:
 * each of its characters is a key press of its own, read against the state the one before left.
 */
export function browserEventReducer(state: BrowserState, event: BrowserEvent): BrowserState {
  if (event.type !== 'key') return browserReducer(state, event);
  let current = state;
  for (const press of keyPresses(event.input, event.key)) {
    if (current.quit) break;
    const action = actionForKey(current, press.input, press.key);
    if (action) current = browserReducer(current, action);
  }
  return current;
}

/**
 * One input as the key presses it holds. ink splits escape sequences (arrows, Esc) into inputs of
 * their own, but hands a run of plain characters over whole; in it, the control characters a
 * terminal sends for Enter, Backspace and Ctrl-C are those keys, as ink reads each alone.
 */
function keyPresses(input: string, key: KeyPress): Array<{ input: string; key: KeyPress }> {
  const characters = [...input];
  if (characters.length < 2 || key.ctrl || key.meta) return [{ input, key }];
  return characters.map((character) => {
    if (character === '\r') return { input: '', key: { return: true } };
    if (character === '\u007f' || character === '\b') return { input: '', key: { backspace: true } };
    if (character === '\u0003') return { input: 'c', key: { ctrl: true } };
    return { input: character, key: {} };
  });
}
