import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, heap, event-loop lag, GC, handles, file
 * descriptors), which describe the process, not an app: one Registry per process, made the first
 * time metrics are served. Made once because each collection starts an event-loop monitor and a
 * GC observer that are never stopped, so one per app would pile up in a process that builds many
 * (the tests). Their names stay prom-client's (`process_`, `nodejs_`), without our prefix: those
 * are the names the usual Node.js dashboards and alerts query.
 */
export function processMetrics(): Registry {
  if (registry === undefined) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
