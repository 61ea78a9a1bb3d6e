// scripts/count-shape-copies.mjs: finds a hand-written copy of a contracts schema in a workspace (so
// its "0" on the tree means something), leaves derived types and typed readings alone, and finds none
// in this repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'count-shape-copies.mjs');

const SCHEMA = `import { Type, type Static } from 'typebox';
export const UpdateBodySchema = Type.Object({ id: Type.Integer(), field: Type.String(), value: Type.Integer() });
export type UpdateBody = Static<typeof UpdateBodySchema>;
export const PersonSchema = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone: Type.String(), city: Type.String() });
`;

function run(root: string): { output: string; status: number } {
  try {
    return { output: execFileSync(process.execPath, [SCRIPT, '--check', '--root', root], { encoding: 'utf8' }), status: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { output: failed.stdout, status: failed.status };
  }
}

const planted: string[] = [];
afterAll(() => planted.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A tree with the schema above and the given front-end file. */
function plant(source: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shape-copies-'));
  planted.push(root);
  fs.mkdirSync(path.join(root, 'contracts', 'src', 'schemas'), { recursive: true });
  fs.writeFileSync(path.join(root, 'contracts', 'src', 'schemas', 'things.ts'), SCHEMA);
  fs.mkdirSync(path.join(root, 'remote-articles', 'src', 'model'), { recursive: true });
  fs.writeFileSync(path.join(root, 'remote-articles', 'src', 'model', 'thing.ts'), source);
  return root;
}

describe('count-shape-copies', () => {
  it.each([
    ['an interface', 'export interface FieldUpdate {\n  field: string;\n  value: number;\n}\n', 'thing.ts:1 FieldUpdate'],
    ['a type literal', 'type Person = { id: number; name: string; email: string };\n', 'thing.ts:1 Person'],
  ])('finds a planted copy (%s) and exits 1 with --check', (_kind, source, where) => {
    const { output, status } = run(plant(source));
    expect(output).toContain(where);
    expect(output).toContain('hand-written copies of API shapes: 1 ');
    expect(status).toBe(1);
  });

  it.each([
    ['a derived type', "import type { UpdateBody } from 'x';\nexport type FieldUpdate = Omit<UpdateBody, 'id'>;\n"],
    ['a type sharing two of five fields', 'interface Ref { id: number; name: string }\n'],
    ['a one-field type', 'interface Only { value: number }\n'],
    [
      'a typed reading',
      '/**\n * Parsed.\n * @parsedFrom UpdateBodySchema\n */\ninterface Update { id: number; field: string; value: number }\n',
    ],
  ])('leaves %s alone', (_kind, source) => {
    const { output, status } = run(plant(source));
    expect(output).toContain('hand-written copies of API shapes: 0 ');
    expect(status).toBe(0);
  });

  it('finds no copy in this repository', () => {
    const { output, status } = run(ROOT);
    expect(output).toContain('hand-written copies of API shapes: 0 ');
    expect(status).toBe(0);
  });
});
