import { Box, Text } from 'ink';
import { keyHelp } from './keys.js';
import type { BrowserState } from './state.js';

/** The keys of the current mode, and whether more events are loading or there are none left. */
export function Footer({ state, visible }: { state: BrowserState; visible: number }) {
  const status = state.error
    ? `Error: ${state.error}`
    : state.loading
      ? 'loading…'
      : `${visible} of ${state.events.length} loaded${state.nextCursor ? '' : ' (end of log)'}`;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={state.error ? 'red' : undefined} dimColor={!state.error}>
        {status}
      </Text>
      <Text dimColor>{keyHelp(state)}</Text>
    </Box>
  );
}
