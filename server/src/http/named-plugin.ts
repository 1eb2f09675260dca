import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** The name fastify reads first for a plugin (the one fastify-plugin's `name` option sets). */
const displayName = Symbol.for('fastify.display-name');

/**
 * A plugin of routes, under its own name. fastify names a plugin that fastify-plugin did not wrap
 * by looking for it among the exports of every module in require.cache, twice per register
 * (fastify/lib/plugin-utils.js getPluginName): in a test process holding thousands of modules that
 * scan took 27 s of the suite's CPU (session 20's profile), for a name only error messages show.
 */
export function named<Options extends Record<string, unknown>>(plugin: FastifyPluginAsync<Options>, name = plugin.name): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, displayName, { value: name || 'routes', configurable: true });
  return plugin;
}

/** Registers plugins of routes in order, each under its own name (named): the one way the app adds routes. */
export async function registerRoutes(app: FastifyInstance, plugins: readonly FastifyPluginAsync[]): Promise<void> {
  for (const plugin of plugins) await app.register(named(plugin));
}
