import { expect } from 'chai';
import { diffChange } from '../../../cli/src/audit/change-diff.js';
import { actionForKey } from '../../../cli/src/audit-browser/keys.js';
import {
  browserReducer,
  initialBrowserState,
  needsMoreEvents,
  visibleEvents,
  windowStart,
  type BrowserAction,
  type BrowserState,
} from '../../../cli/src/audit-browser/state.js';
import type { AuditEvent } from '../../../core/src/index.js';

let sequence = 0;
function event(type: string, subject: string, target: string): AuditEvent {
  sequence += 1;
  const [targetType, targetId] = target.split(':') as [string, string];
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    sequence,
    chain: 'change',
    type: type as AuditEvent['type'],
    time: '2026-11-22T10:00:00.000Z',
    actor: { subject, client_id: null, token_kind: 'access_token' },
    target: { type: targetType, id: targetId },
    outcome: 'success',
    request: { id: null, ip: null, user_agent: null },
    change: null,
    data: {},
    prev_hash: '0'.repeat(64),
    hash: '1'.repeat(64),
  };
}

const run = (state: BrowserState, ...actions: BrowserAction[]): BrowserState => actions.reduce(browserReducer, state);

describe('the audit browser state', () => {
  const events = [
    event('policy.updated', 'alice', 'policy:p1'),
    event('principal.created', 'bob', 'principal:u7'),
    event('policy.created', 'carol', 'policy:p2'),
  ];
  const loaded = run(
    initialBrowserState,
    { type: 'load_started' },
    { type: 'page_loaded', page: { data: events, next_cursor: 'c1', names: { alice: 'Alice Admin' } } },
  );

  it('asks for the first page before anything else, and not while a page is loading', () => {
    expect(needsMoreEvents(initialBrowserState, 10)).to.equal(true);
    expect(needsMoreEvents(run(initialBrowserState, { type: 'load_started' }), 10)).to.equal(false);
  });

  it('appends pages in order and remembers the next cursor', () => {
    const more = run(loaded, {
      type: 'page_loaded',
      page: { data: [event('client.created', 'dave', 'client:c1')], next_cursor: null, names: { dave: 'Dave' } },
    });
    expect(more.events.map((e) => e.actor.subject)).to.deep.equal(['alice', 'bob', 'carol', 'dave']);
    expect(more.nextCursor).to.equal(null);
    expect(more.names).to.deep.equal({ alice: 'Alice Admin', dave: 'Dave' });
    expect(needsMoreEvents(more, 2)).to.equal(false);
  });

  it("filters on an actor's name as well as its id", () => {
    const filtered = run(loaded, { type: 'filter_start' }, { type: 'filter_input', text: 'admin' });
    expect(visibleEvents(filtered).map((e) => e.actor.subject)).to.deep.equal(['alice']);
  });

  it('filters on the name of an agent that acted for the actor (RFC 8693 act)', () => {
    const forAlice = {
      ...event('policy.created', 'alice', 'policy:p3'),
      actor: {
        subject: 'alice',
        client_id: 'bot-client',
        token_kind: 'access_token' as const,
        act: [{ sub: 'a-1', client_id: 'bot-client', kind: 'agent' as const }],
      },
    };
    const withAgent = run(loaded, { type: 'page_loaded', page: { data: [forAlice], next_cursor: null, names: { 'a-1': 'Support Bot' } } });
    expect(visibleEvents(run(withAgent, { type: 'filter_input', text: 'support bot' })).map((e) => e.target.id)).to.deep.equal(['p3']);
  });

  it('loads more when the selection nears the end of the list', () => {
    expect(needsMoreEvents({ ...loaded, events: [...events, ...events.map((e) => ({ ...e, id: `${e.id}x` }))] }, 2)).to.equal(false);
    expect(needsMoreEvents(run(loaded, { type: 'move_to', where: 'last' }), 2)).to.equal(true);
  });

  it('stops loading after a failure and shows it', () => {
    const failed = run(loaded, { type: 'load_started' }, { type: 'load_failed', message: 'Cannot reach the acctl server' });
    expect(failed.error).to.equal('Cannot reach the acctl server');
    expect(needsMoreEvents(failed, 10)).to.equal(false);
  });

  it('moves the selection within the list', () => {
    expect(run(loaded, { type: 'move', by: 1 }).selected).to.equal(1);
    expect(run(loaded, { type: 'move', by: -1 }).selected).to.equal(0);
    expect(run(loaded, { type: 'move', by: 10 }).selected).to.equal(2);
    expect(run(loaded, { type: 'move_to', where: 'last' }, { type: 'move_to', where: 'first' }).selected).to.equal(0);
  });

  it('filters on type, actor and target, case-insensitively, as the text is typed', () => {
    const byType = run(loaded, { type: 'filter_start' }, { type: 'filter_input', text: 'POLICY.' });
    expect(visibleEvents(byType).map((e) => e.type)).to.deep.equal(['policy.updated', 'policy.created']);
    expect(visibleEvents(run(loaded, { type: 'filter_input', text: 'bob' })).map((e) => e.type)).to.deep.equal(['principal.created']);
    expect(visibleEvents(run(loaded, { type: 'filter_input', text: 'policy:p2' })).map((e) => e.actor.subject)).to.deep.equal(['carol']);
  });

  it('keeps the selected event selected while the filter narrows, and clears the filter on request', () => {
    const onCarol = run(loaded, { type: 'move_to', where: 'last' }, { type: 'filter_start' }, { type: 'filter_input', text: 'pol' });
    expect(visibleEvents(onCarol)[onCarol.selected]!.actor.subject).to.equal('carol');
    const cleared = run(onCarol, { type: 'filter_backspace' }, { type: 'filter_clear' });
    expect(cleared).to.include({ filter: '', filtering: false });
    expect(visibleEvents(cleared)[cleared.selected]!.actor.subject).to.equal('carol');
  });

  it('opens the selected visible event and goes back to the list', () => {
    const opened = run(loaded, { type: 'filter_input', text: 'bob' }, { type: 'open' });
    expect(opened.opened?.actor.subject).to.equal('bob');
    expect(run(opened, { type: 'back' }).opened).to.equal(null);
    expect(run({ ...loaded, filter: 'nobody' }, { type: 'open' }).opened).to.equal(null);
  });

  it('scrolls an opened event, from its top each time one is opened', () => {
    const scrolled = run(loaded, { type: 'open' }, { type: 'scroll', by: 3 }, { type: 'scroll', by: -5 }, { type: 'scroll', by: 2 });
    expect(scrolled.detailOffset).to.equal(2);
    expect(run(scrolled, { type: 'back' }, { type: 'open' }).detailOffset).to.equal(0);
  });

  it('keeps the selection inside the window of rows shown', () => {
    expect(windowStart(0, 50, 10)).to.equal(0);
    expect(windowStart(20, 50, 10)).to.equal(15);
    expect(windowStart(49, 50, 10)).to.equal(40);
    expect(windowStart(3, 4, 10)).to.equal(0);
  });
});

describe('the audit browser keys', () => {
  const list = browserReducer(initialBrowserState, { type: 'page_loaded', page: { data: [], next_cursor: null, names: {} } });

  it('moves with the arrows and with j and k, and opens with Enter', () => {
    expect(actionForKey(list, '', { downArrow: true })).to.deep.equal({ type: 'move', by: 1 });
    expect(actionForKey(list, 'k', {})).to.deep.equal({ type: 'move', by: -1 });
    expect(actionForKey(list, '', { return: true })).to.deep.equal({ type: 'open' });
  });

  it('starts filtering with /, then takes letters (j, k and q included) as filter text', () => {
    expect(actionForKey(list, '/', {})).to.deep.equal({ type: 'filter_start' });
    const filtering = { ...list, filtering: true };
    expect(actionForKey(filtering, 'q', {})).to.deep.equal({ type: 'filter_input', text: 'q' });
    expect(actionForKey(filtering, '', { backspace: true })).to.deep.equal({ type: 'filter_backspace' });
    expect(actionForKey(filtering, '', { return: true })).to.deep.equal({ type: 'filter_done' });
    expect(actionForKey(filtering, '', { escape: true, meta: true })).to.deep.equal({ type: 'filter_clear' });
  });

  it('quits with q or Esc in the list, and goes back with Esc or q from an opened event', () => {
    expect(actionForKey(list, 'q', {})).to.deep.equal({ type: 'quit' });
    expect(actionForKey(list, '', { escape: true })).to.deep.equal({ type: 'quit' });
    expect(actionForKey({ ...list, filter: 'x' }, '', { escape: true })).to.deep.equal({ type: 'filter_clear' });
    const opened = { ...list, opened: event('policy.updated', 'alice', 'policy:p1') };
    expect(actionForKey(opened, 'q', {})).to.deep.equal({ type: 'back' });
    expect(actionForKey(opened, 'j', {})).to.deep.equal({ type: 'scroll', by: 1 });
    expect(actionForKey(opened, '', { escape: true })).to.deep.equal({ type: 'back' });
    expect(actionForKey(opened, 'c', { ctrl: true })).to.deep.equal({ type: 'quit' });
  });
});

describe('an audit event change, field by field', () => {
  it('lists every field of a creation as added and of a deletion as removed', () => {
    expect(diffChange({ before: null, after: { name: 'a', level: 3 } })).to.deep.equal([
      { path: 'name', kind: 'added', after: 'a' },
      { path: 'level', kind: 'added', after: 3 },
    ]);
    expect(diffChange({ before: { name: 'a' }, after: null })).to.deep.equal([{ path: 'name', kind: 'removed', before: 'a' }]);
  });

  it('names nested fields by their path and compares arrays as a whole', () => {
    const before = { name: 'a', attributes: { team: 'x', level: 1 }, scopes: ['r'], same: { k: 1 } };
    const after = { name: 'a', attributes: { team: 'y', badge: '7' }, scopes: ['r', 'w'], same: { k: 1 } };
    expect(diffChange({ before, after })).to.deep.equal([
      { path: 'attributes.team', kind: 'changed', before: 'x', after: 'y' },
      { path: 'attributes.level', kind: 'removed', before: 1 },
      { path: 'attributes.badge', kind: 'added', after: '7' },
      { path: 'scopes', kind: 'changed', before: ['r'], after: ['r', 'w'] },
    ]);
  });

  it('has nothing to show for an event without a change', () => {
    expect(diffChange(null)).to.deep.equal([]);
  });
});
