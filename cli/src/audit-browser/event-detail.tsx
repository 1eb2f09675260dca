import { Box, Text } from 'ink';
import type { AuditEvent } from '../../../server/src/generated/schema-types.js';
import { eventDetailLines } from '../audit/event-display.js';

/** One event in full (as `acctl audit get` prints it), cut to the screen's height. */
export function EventDetail({ event, rows }: { event: AuditEvent; rows: number }) {
  const lines = eventDetailLines(event);
  const shown = lines.length > rows ? lines.slice(0, rows - 1) : lines;
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        <Text key={index} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      {shown.length < lines.length ? <Text dimColor>… {lines.length - shown.length} more lines: acctl audit get {event.id}</Text> : null}
    </Box>
  );
}
