/**
 * A probe, not a mode of acctl: servers/acctl.ts with the decision recorder's write removed, so
 * that every decision is answered without being stored. The benchmark measures it beside the bare
 * route to show what the evaluate route's own work (authentication, rate limiting, validation,
 * evaluation, the answer) leaves of the bare route's throughput before any recording: the ceiling
 * of the throughput goal on this machine. acctl itself has no setting that skips the write; only
 * this script, which patches the class in its own process, does.
 *
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/servers/acctl-unrecorded.ts
 */
import { DecisionRecorder } from '../../server/src/domains/audit/decision-recorder.js';

DecisionRecorder.prototype.record = () => Promise.resolve();

await import('./acctl.js');
