import { Box, Text } from 'ink';
import type { AuditActorNames, AuditEvent } from '../../../core/src/index.js';
import { windowStart } from './state.js';
import { targetOf } from '../audit/event-display.js';
import { shortTime } from '../ux/resource-display.js';

interface EventListProps {
  events: readonly AuditEvent[];
  /** Actors are shown by name where the list named them (the id is in the opened event). */
  names: AuditActorNames;
  selected: number;
  rows: number;
}

/** The visible events, newest first, a window of `rows` around the selection. */
export function EventList({ events, names, selected, rows }: EventListProps) {
  const start = windowStart(selected, events.length, rows);
  return (
    <Box flexDirection="column">
      {events.slice(start, start + rows).map((event, offset) => {
        const isSelected = start + offset === selected;
        return (
          <Text key={event.id} inverse={isSelected} wrap="truncate-end">
            {isSelected ? '› ' : '  '}
            {shortTime(event.time)} {event.type.padEnd(24)}{' '}
            {(Object.hasOwn(names, event.actor.subject) ? names[event.actor.subject]! : event.actor.subject).padEnd(20)} {targetOf(event)}{' '}
            <Text color={event.outcome === 'success' ? undefined : 'red'}>{event.outcome}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
