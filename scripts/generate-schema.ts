// Writes the config's JSON Schema and its reference page from the schema the loader uses.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { configJsonSchema } from '../src/config/json-schema.js';
import { format } from 'prettier';
import { configReference } from './config-reference.js';

const root = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const SCHEMA_FILE = 'schema/folio.config.schema.json';
export const REFERENCE_FILE = 'docs/configuration.md';

export function schemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

export async function referenceText(): Promise<string> {
  return format(configReference(configJsonSchema()), { parser: 'markdown', proseWrap: 'preserve' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(root(SCHEMA_FILE), schemaText());
  await writeFile(root(REFERENCE_FILE), await referenceText());
  console.log(`Wrote ${SCHEMA_FILE} and ${REFERENCE_FILE}.`);
}
