// `node --import ./record-modules.mjs`: appends the URL of every ES module the process loads to the
// file ACCTL_MODULE_PROBE_OUT names (written by the hooks thread itself, so none is lost at exit).
import { register } from 'node:module';

register('./record-modules-hooks.mjs', import.meta.url);
