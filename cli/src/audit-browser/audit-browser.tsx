import { Box, Text, useApp, useInput } from 'ink';
import { useEffect, useReducer } from 'react';
import { browserEventReducer } from './keys.js';
import { EventDetail } from './event-detail.js';
import type { AuditEventSource } from './event-source.js';
import { EventList } from './event-list.js';
import { Footer } from './footer.js';
import { initialBrowserState, needsMoreEvents, visibleEvents } from './state.js';

export interface AuditBrowserProps {
  source: AuditEventSource;
  /** Lines for the list or the opened event (the terminal's height less the header and footer). */
  rows: number;
}

/** `acctl audit browse`: the audit log, newest first, filtered as you type; Enter shows an event's change. */
export function AuditBrowser({ source, rows }: AuditBrowserProps) {
  const { exit } = useApp();
  const [state, dispatch] = useReducer(browserEventReducer, initialBrowserState);
  const visible = visibleEvents(state);

  useEffect(() => {
    if (!needsMoreEvents(state, rows)) return;
    dispatch({ type: 'load_started' });
    source.page(state.nextCursor).then(
      (page) => dispatch({ type: 'page_loaded', page }),
      (error: unknown) => dispatch({ type: 'load_failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [state, rows, source]);

  useEffect(() => {
    if (state.quit) exit();
  }, [state.quit, exit]);

  useInput((input, key) => dispatch({ type: 'key', input, key }));

  // An empty last frame: the terminal is left as it was, without the list.
  if (state.quit) return null;

  if (state.opened) {
    return (
      <Box flexDirection="column">
        <EventDetail event={state.opened} names={state.names} rows={rows - 1} offset={state.detailOffset} />
        <Footer state={state} visible={visible.length} />
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Audit events</Text>
        {state.filtering || state.filter ? (
          <Text color="cyan">
            {' '}
            /{state.filter}
            {state.filtering ? '▏' : ''}
          </Text>
        ) : null}
      </Text>
      {state.started && visible.length === 0 ? (
        <Text dimColor>{state.filter ? 'No loaded event matches the filter.' : 'The audit log is empty.'}</Text>
      ) : (
        <EventList events={visible} names={state.names} selected={state.selected} rows={rows} />
      )}
      <Footer state={state} visible={visible.length} />
    </Box>
  );
}
