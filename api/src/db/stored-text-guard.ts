import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { httpError } from '../lib/http-error';
import { forbiddenCharacterAt } from 'contracts/rules/stored-text';

/** JSON text (for a jsonb column) whose escapes (`\\u0000`, a lone `\\ud800`) decode to such a character. */
function jsonEscapesForbidden(text: string): boolean {
  if (!text.includes('\\u')) return false;
  try {
    return forbiddenCharacterAt(JSON.parse(text)) !== undefined;
  } catch {
    return false;
  }
}

function forbidden(value: unknown): boolean {
  if (forbiddenCharacterAt(value) !== undefined) return true;
  if (typeof value === 'string') return jsonEscapesForbidden(value);
  return Array.isArray(value) && value.some((item) => typeof item === 'string' && jsonEscapesForbidden(item));
}

/** Whether a query's tree holds a value (a parameter) with a character PostgreSQL refuses. */
function holdsForbiddenValue(node: unknown, depth = 0): boolean {
  if (node === null || typeof node !== 'object' || depth > 64) return false;
  if (Array.isArray(node)) return node.some((item) => holdsForbiddenValue(item, depth + 1));
  const { kind } = node as { kind?: string };
  if (kind === 'ValueNode') return forbidden((node as { value: unknown }).value);
  if (kind === 'PrimitiveValueListNode') return forbidden((node as { values: unknown }).values);
  return Object.values(node).some((child) => holdsForbiddenValue(child, depth + 1));
}

/**
 * The last line behind the input guard and the decoders: no value with a NUL or an unpaired
 * surrogate reaches PostgreSQL, wherever in a request it came from (a field decoded from JSON text,
 * a file's metadata, a header, something a route forgot). Such a query is refused before it is
 * sent, as 400 value_control_character, instead of failing in the database as a 500.
 */
export const storedTextGuard: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (holdsForbiddenValue(node)) throw httpError(400, 'value_control_character');
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};
