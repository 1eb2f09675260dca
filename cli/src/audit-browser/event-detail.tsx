import { Box, Text } from 'ink';
import type { AuditActorNames, AuditEvent } from '../../../core/src/index.js';
import { actorText } from '../audit/actor-text.js';
import { changeSection, dataSection, eventFactLines, targetOf } from '../audit/event-display.js';
import { shortTime } from '../ux/resource-display.js';

/**
 * One event: a summary line, its change (what a person opened it for, so it comes first), then
 * the facts `acctl audit get` prints and its data; scrolled by `offset` within `rows` lines.
 */
export function EventDetail({ event, names, rows, offset }: { event: AuditEvent; names: AuditActorNames; rows: number; offset: number }) {
  const lines = [...changeSection(event), '', ...eventFactLines(event, names), ...dataSection(event)];
  const start = Math.max(0, Math.min(offset, lines.length - rows));
  const shown = lines.slice(start, start + rows);
  const below = lines.length - start - shown.length;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {event.type} · {actorText(event.actor.subject, names)} → {targetOf(event)} · {shortTime(event.time)}
      </Text>
      {shown.map((line, index) => (
        <Text key={start + index} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      <Text dimColor>{start > 0 || below > 0 ? `lines ${start + 1}-${start + shown.length} of ${lines.length}${below > 0 ? ' · ↓ for more' : ''}` : ' '}</Text>
    </Box>
  );
}
