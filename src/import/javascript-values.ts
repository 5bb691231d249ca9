// Import: the values a blog's JavaScript writes out as literals — an Eleventy config's `dir`, a
// data file's `module.exports = { title: … }` — read from its syntax tree, never by running it:
// the blog's code may need packages that are not installed, and may do anything when run.
import { parse, type Node } from 'acorn';

/** A JavaScript file's syntax tree, or where and why it could not be read. */
export type ParsedScript =
  | { readonly program: Node; readonly problem?: undefined }
  | { readonly problem: string; readonly line: number };

export function parseScript(text: string): ParsedScript {
  // A hashbang before the code, as an executable config starts.
  const source = text.replace(/^#!.*/, '');
  for (const sourceType of ['module', 'script'] as const) {
    try {
      const program = parse(source, {
        ecmaVersion: 'latest',
        sourceType,
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
        allowHashBang: true,
        locations: true,
      }) as Node;
      return { program };
    } catch (cause) {
      if (sourceType === 'script') {
        const where = (cause as { loc?: { line?: number } }).loc;
        return { problem: (cause as Error).message, line: where?.line ?? 1 };
      }
    }
  }
  return { problem: 'cannot be read', line: 1 };
}

/** Every node of `root`, parents before their children. */
export function* nodesOf(root: Node): Generator<Node> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (!isNode(value)) continue;
    yield value;
    const children: unknown[] = [];
    for (const [key, child] of Object.entries(value)) {
      if (key === 'loc' || key === 'start' || key === 'end') continue;
      if (typeof child === 'object' && child !== null) children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/** A node's field, read loosely: acorn's tree is ESTree, typed here only as far as it is used. */
function field(node: unknown, key: string): unknown {
  return typeof node === 'object' && node !== null
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

/** The literals the file's top-level `const` and `let` declarations give names (`POST_GLOB`). */
export function declaredValues(program: Node): Map<string, unknown> {
  const names = new Map<string, unknown>();
  for (const statement of asArray(field(program, 'body'))) {
    const declaration =
      field(statement, 'type') === 'ExportNamedDeclaration'
        ? field(statement, 'declaration')
        : statement;
    if (field(declaration, 'type') !== 'VariableDeclaration') continue;
    for (const declarator of asArray(field(declaration, 'declarations'))) {
      const id = field(declarator, 'id');
      if (field(id, 'type') !== 'Identifier') continue;
      const value = literalValue(field(declarator, 'init'), names);
      if (value !== undefined) names.set(String(field(id, 'name')), value);
    }
  }
  return names;
}

/**
 * The value a node writes as a literal: strings, numbers, booleans, arrays and objects of them,
 * template strings without expressions, names of `known` values, and the fallback of
 * `process.env.X || "default"`. Anything computed is `undefined`, or left out of its object.
 */
export function literalValue(node: unknown, known: ReadonlyMap<string, unknown>): unknown {
  switch (field(node, 'type')) {
    case 'Literal': {
      const value = field(node, 'value');
      return ['string', 'number', 'boolean'].includes(typeof value) ? value : undefined;
    }
    case 'TemplateLiteral': {
      if (asArray(field(node, 'expressions')).length > 0) return undefined;
      const [quasi] = asArray(field(node, 'quasis'));
      return field(field(quasi, 'value'), 'cooked');
    }
    case 'Identifier':
      return known.get(String(field(node, 'name')));
    case 'ArrayExpression':
      return asArray(field(node, 'elements')).flatMap((element) => {
        const value = literalValue(element, known);
        return value === undefined ? [] : [value];
      });
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of asArray(field(node, 'properties'))) {
        if (field(property, 'type') !== 'Property' || field(property, 'computed') === true)
          continue;
        const name = propertyName(property);
        const value = literalValue(field(property, 'value'), known);
        if (name !== undefined && value !== undefined) object[name] = value;
      }
      return object;
    }
    case 'LogicalExpression':
      return field(node, 'operator') === '||' || field(node, 'operator') === '??'
        ? (literalValue(field(node, 'left'), known) ?? literalValue(field(node, 'right'), known))
        : undefined;
    case 'UnaryExpression': {
      const value = literalValue(field(node, 'argument'), known);
      return field(node, 'operator') === '-' && typeof value === 'number' ? -value : undefined;
    }
    default:
      return undefined;
  }
}

/** The name of an object's property, written as a name or as a string. */
export function propertyName(property: unknown): string | undefined {
  const key = field(property, 'key');
  if (field(key, 'type') === 'Identifier') return String(field(key, 'name'));
  const value = field(key, 'value');
  return typeof value === 'string' ? value : undefined;
}

/**
 * What a module gives as its value: `export default …`, `module.exports = …`, or the object a
 * function given so returns (`module.exports = function () { return { … } }`).
 */
function exportedNode(program: Node): unknown {
  for (const statement of asArray(field(program, 'body'))) {
    if (field(statement, 'type') === 'ExportDefaultDeclaration')
      return field(statement, 'declaration');
    const expression = field(statement, 'expression');
    if (field(expression, 'type') !== 'AssignmentExpression') continue;
    const left = field(expression, 'left');
    if (
      field(field(left, 'object'), 'name') === 'module' &&
      field(field(left, 'property'), 'name') === 'exports'
    )
      return field(expression, 'right');
  }
  return undefined;
}

/** The value a script that is one expression writes (`({ title: "About" })`), as literals. */
export function expressionValue(program: Node): unknown {
  const [statement] = asArray(field(program, 'body'));
  return field(statement, 'type') === 'ExpressionStatement'
    ? literalValue(field(statement, 'expression'), new Map())
    : undefined;
}

/** The value of a data file's export, read as literals: functions give what they return, if written so. */
export function exportedValue(program: Node): unknown {
  const known = declaredValues(program);
  const node = exportedNode(program);
  const kind = field(node, 'type');
  if (kind === 'Identifier') return known.get(String(field(node, 'name')));
  if (kind === 'ArrowFunctionExpression' || kind === 'FunctionExpression') {
    const body = field(node, 'body');
    if (field(body, 'type') !== 'BlockStatement') return literalValue(body, known);
    const returned = asArray(field(body, 'body')).find(
      (statement) => field(statement, 'type') === 'ReturnStatement',
    );
    return literalValue(field(returned, 'argument'), known);
  }
  return literalValue(node, known);
}

/** A call's callee as `object.method`, or its name alone. */
export function calleeName(call: Node): string | undefined {
  const callee = field(call, 'callee');
  if (field(callee, 'type') === 'Identifier') return String(field(callee, 'name'));
  if (field(callee, 'type') !== 'MemberExpression') return undefined;
  const property = field(callee, 'property');
  return field(property, 'type') === 'Identifier' ? String(field(property, 'name')) : undefined;
}

/** The arguments of a call node. */
export function argumentsOf(call: Node): unknown[] {
  return asArray(field(call, 'arguments'));
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}
