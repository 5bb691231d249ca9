// Builds the Markdown reference of folio.config.yaml from its JSON Schema, so the two never disagree.

interface Property {
  readonly type?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly format?: string;
  readonly properties?: Record<string, Property>;
  readonly required?: readonly string[];
  readonly additionalProperties?: Property | boolean;
  readonly items?: Property;
}

function typeOf(property: Property): string {
  if (property.enum) return property.enum.map((value) => `\`${value}\``).join(', ');
  if (property.type === 'array' && property.items) return `list of ${typeOf(property.items)}`;
  if (property.format === 'uri') return 'URL';
  if (property.type === 'object') return 'mapping';
  return property.type ?? 'any';
}

function rows(
  properties: Record<string, Property>,
  required: readonly string[],
  prefix = '',
): string[] {
  return Object.entries(properties).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const fallback =
      property.default === undefined
        ? required.includes(key)
          ? '*required*'
          : ''
        : `\`${JSON.stringify(property.default)}\``;
    const own = `| \`${name}\` | ${typeOf(property)} | ${fallback} | ${property.description ?? ''} |`;
    const nested = property.properties
      ? rows(property.properties, property.required ?? [], `${name}.`)
      : [];
    const entry =
      typeof property.additionalProperties === 'object' ? property.additionalProperties : undefined;
    const perEntry = entry?.properties
      ? rows(entry.properties, entry.required ?? [], `${name}.<name>.`)
      : [];
    return [own, ...nested, ...perEntry];
  });
}

/** The reference page: one row per key, with its type, default and meaning. */
export function configReference(schema: Record<string, unknown>): string {
  const root = schema as Property;
  return `# Configuration

\`folio.config.yaml\` sits at the top of a site folder. This page is generated from the schema
Folio validates the file with (\`npm run schema\`), as is \`schema/folio.config.schema.json\`,
which editors with a YAML language server use to complete and check keys. A key that is not
listed here is an error, with a "did you mean" for likely typos.

| key | type | default | meaning |
|---|---|---|---|
${rows(root.properties ?? {}, root.required ?? []).join('\n')}

Example:

\`\`\`yaml
# yaml-language-server: $schema=node_modules/folio/schema/folio.config.schema.json
title: Dev Notes
tagline: Sharing what I learn from building software.
url: https://blog.example.com
timezone: Asia/Seoul
author:
  name: Jane Doe
  image: /images/avatar.png
links:
  github: https://github.com/jane
categories:
  Algorithm:
    title: 알고리즘
\`\`\`
`;
}
