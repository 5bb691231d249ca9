// Config: the JSON Schema of folio.config.yaml, derived from the schema the loader validates with.
import { z } from 'zod';
import { configSchema } from './schema.js';

/** JSON Schema (draft 2020-12) describing what a config file may hold, for editors. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Folio site configuration (folio.config.yaml)',
  };
}
